import { handleRiskBody, riskResource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form } from 'antd';
import { useCallback, useState } from 'react';
import { Authorized } from '../../auth/access';
import { ActionFormModal } from '../../resource';
import { recordsApi, type VehicleRecord } from './api';
import { RemarkField } from './fields';
import { recordLists } from './lists';
import { RecordListView } from './RecordListView';
import { isOpen } from './rowRules';

const invalidate = [riskResource.key];

function HandleRiskModal({ row, onClose }: { row: VehicleRecord; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`处理风险 ${row.plateNo ?? row.vin ?? ''}`}
      schema={handleRiskBody}
      initialValues={{ version: row.version ?? 1 }}
      submit={(body) => recordsApi.handleRisk(row.id, body)}
      invalidate={invalidate}
      onClose={onClose}
    >
      <RemarkField schema={handleRiskBody} name="note" />
      <Form.Item name="version" hidden>
        <input type="hidden" />
      </Form.Item>
    </ActionFormModal>
  );
}

function ScanButton() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scan = useMutation({
    mutationFn: recordsApi.scanRisks,
    onSuccess: async ({ flagged }) => {
      message.success(`扫描完成，发现风险 ${flagged} 条`);
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
  return (
    <Authorized button="riskManagement:handle">
      <Button loading={scan.isPending} onClick={() => scan.mutate()}>
        重新扫描
      </Button>
    </Authorized>
  );
}

/** /riskManagement: vehicles flagged by the risk rules; 处理 an open one, or 重新扫描. */
export function RiskManagementPage() {
  const [handling, setHandling] = useState<VehicleRecord | null>(null);
  const rowActions = useCallback(
    (row: VehicleRecord) =>
      isOpen(row) && (
        <Authorized button="riskManagement:handle">
          <Button type="link" size="small" onClick={() => setHandling(row)}>
            处理
          </Button>
        </Authorized>
      ),
    [],
  );
  return (
    <>
      <RecordListView {...recordLists.riskManagement} toolbar={<ScanButton />} rowActions={rowActions} />
      {handling && <HandleRiskModal row={handling} onClose={() => setHandling(null)} />}
    </>
  );
}
