import { simulatorOperation, simulatorOperations, type TerminalState } from '@cp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { useAccess } from '../auth/access';
import { getOrNull, post } from '../request';
import type { ResourceRecord } from '../resource/types';

const { online, offline, drive, stop, accOn, accOff, mute, unmute } = simulatorOperations;

/**
 * 模拟终端: the car's terminal as the gateway reports it and, with the built-in simulator and the 断电 button,
 * its controls — online / offline, drive at a speed, stop, ACC, answer or not — so a person sees a cut wait
 * for the car to stop, or queue while the unit is offline.
 */
export function TerminalPanel({ record }: { record: ResourceRecord }) {
  const id = String(record.id);
  const { hasButton } = useAccess();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [speed, setSpeed] = useState<number | null>(40);
  const state = useQuery({
    queryKey: ['powerOffTerminal', id],
    queryFn: () => getOrNull<TerminalState>(`/api/power-off-requests/${id}/terminal`),
    refetchInterval: 3000,
  });
  const act = useMutation({
    mutationFn: (body: { operation: number; speed?: number }) =>
      post<TerminalState>(`/api/power-off-requests/${id}/simulator`, body),
    onSuccess: (data, body) => {
      client.setQueryData(['powerOffTerminal', id], data);
      message.success(`已${simulatorOperation.label(body.operation as never)}`);
      // The commands waiting on the car look again at once: the request's state and log follow.
      setTimeout(() => void client.invalidateQueries({ queryKey: ['resource'] }), 1500);
    },
  });
  const terminal = state.data;
  if (!terminal) return null;
  const controls = terminal.simulated && hasButton('powerOff.index:powerOff');
  const button = (operation: number, extra: object = {}) => (
    <Button size="small" loading={act.isPending} onClick={() => act.mutate({ operation, ...extra })}>
      {simulatorOperation.label(operation as never)}
    </Button>
  );
  return (
    <Card size="small" title={terminal.simulated ? '模拟终端（JT/T 808）' : '车载终端'} style={{ marginTop: 16 }}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="终端IMEI">{terminal.imei}</Descriptions.Item>
        <Descriptions.Item label="在线">
          <Tag color={terminal.online ? 'green' : 'default'}>{terminal.online ? '在线' : '离线'}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="ACC">{terminal.acc ? '开' : '关'}</Descriptions.Item>
        <Descriptions.Item label="速度">{terminal.speed} km/h</Descriptions.Item>
        <Descriptions.Item label="位置">{`${terminal.lng.toFixed(5)}, ${terminal.lat.toFixed(5)}`}</Descriptions.Item>
        <Descriptions.Item label="油电">
          <Tag color={terminal.relayCut ? 'red' : 'green'}>{terminal.relayCut ? '已断开' : '正常'}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="指令应答">{terminal.answers ? '正常应答' : '不应答（信号弱）'}</Descriptions.Item>
      </Descriptions>
      {controls && (
        <Space wrap>
          {terminal.online ? button(offline) : button(online)}
          <Space.Compact>
            <InputNumber
              size="small"
              min={1}
              max={200}
              value={speed}
              onChange={setSpeed}
              addonAfter="km/h"
              aria-label="速度（km/h）"
            />
            {button(drive, { speed: speed ?? 40 })}
          </Space.Compact>
          {button(stop)}
          {terminal.acc ? button(accOff) : button(accOn)}
          {terminal.answers ? button(mute) : button(unmute)}
        </Space>
      )}
    </Card>
  );
}
