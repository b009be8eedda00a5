import { describe, expect, it } from 'vitest';
import { faultPayload, suggestionPayload } from './feedbackPayloads';

const shot = { fileLocation: 'private/1.png', attachmentName: '1.png', fileExtensions: 'png' };

describe('feedback payloads', () => {
  it('sends a suggestion with screenshot locations and sysName cp', () => {
    expect(
      suggestionPayload({
        role: ' 运营 ',
        menu: '车辆管理 / 车辆列表',
        problem: '希望导出 ',
        level: '高',
        pic: [shot],
      }),
    ).toEqual({
      role: '运营',
      menu: '车辆管理 / 车辆列表',
      problem: '希望导出',
      level: '高',
      pic: ['private/1.png'],
      sysName: 'cp',
    });
  });

  it('sends a fault report with the page address and an empty picture list when none was added', () => {
    expect(
      faultPayload({ type: '以上都有', menu: '财务管理 / 账单列表', url: 'http://cp/billList', problem: '金额不对' }),
    ).toEqual({
      type: '以上都有',
      menu: '财务管理 / 账单列表',
      problem: '金额不对',
      pic: [],
      url: 'http://cp/billList',
      sysName: 'cp',
    });
  });
});
