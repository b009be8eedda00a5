import { leadResource } from '@cp/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { ImportDialog } from '../resource/ImportDialog';

/** 导入 on 上传日志: 上传线索 uploads leads (the leads' own import), each row's result then read on 上传日志详情. */
export function LeadUpload({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {title}
      </Button>
      {open && (
        <ImportDialog
          resource={leadResource}
          title="上传"
          batchPage={{ route: 'uploadLogDetail', param: 'batchId' }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
