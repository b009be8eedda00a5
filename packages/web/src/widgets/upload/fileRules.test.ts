import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileExtension, fileKind, uploadProblem } from './fileRules';

const megabytes = (n: number) => n * 1024 * 1024;

describe('upload rules', () => {
  it('rejects an extension outside the accepted list, whatever its case', () => {
    expect(uploadProblem({ name: 'a.exe', size: 1 }, { accept: ['pdf', '.PNG'] })).toBe('文件格式不正确!');
    expect(uploadProblem({ name: 'scan.Png', size: 1 }, { accept: ['pdf', '.PNG'] })).toBeNull();
    expect(uploadProblem({ name: 'noextension', size: 1 }, { accept: ['pdf'] })).toBe('文件格式不正确!');
  });

  it('accepts every extension when the list is empty', () => {
    expect(uploadProblem({ name: 'a.exe', size: 1 }, { accept: [] })).toBeNull();
  });

  it('requires the size to stay under maxSize MB, 500 by default', () => {
    expect(uploadProblem({ name: 'a.pdf', size: megabytes(6) }, { maxSizeMb: 5 })).toBe('上传文件大小不能超过5MB!');
    expect(uploadProblem({ name: 'a.pdf', size: megabytes(5) }, { maxSizeMb: 5 })).toBe('上传文件大小不能超过5MB!');
    expect(uploadProblem({ name: 'a.pdf', size: megabytes(5) - 1 }, { maxSizeMb: 5 })).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: megabytes(500) })).toBe('上传文件大小不能超过500MB!');
    expect(uploadProblem({ name: 'a.pdf', size: megabytes(499) })).toBeNull();
  });

  it('recognises images by png/jpg/jpeg and PDFs by extension', () => {
    expect(fileExtension('合同.2024.PDF')).toBe('pdf');
    expect(['png', 'JPG', '.jpeg', 'gif', 'pdf', 'docx'].map(fileKind)).toEqual([
      'image',
      'image',
      'image',
      'other',
      'pdf',
      'other',
    ]);
  });

  it('builds the input accept attribute', () => {
    expect(acceptAttribute(['pdf', '.png'])).toBe('.pdf,.png');
    expect(acceptAttribute([])).toBeUndefined();
  });
});
