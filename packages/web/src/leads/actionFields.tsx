import { activateBody, customerAddRoute, customerLookupOf, leadEnums, lookups } from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import { Alert, Button, Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useAccess } from '../auth/access';
import { BodyField, LookupField, type ResourceRecord } from '../resource';
import type { ActionFields } from '../resource/family';
import { pageLink } from '../resource/routes';
import { refNameOf } from '../resource/types';

/**
 * The add page of the chosen kind of customer, filled from the lead (contact, mobile, city, channel) and
 * carrying it: saving a driver there activates the lead on the server, then comes back to the lead.
 */
export function newCustomerLink(kind: number, lead: ResourceRecord): string | undefined {
  const route = customerAddRoute[kind];
  if (!route) return undefined;
  const named = {
    leadId: lead.id,
    name: lead.contactName,
    mobile: lead.mobile,
    cityId: lead.cityId,
    source: lead[refNameOf('channelId')],
  };
  const query = new URLSearchParams(
    Object.entries(named).flatMap(([name, value]) => (value == null || value === '' ? [] : [[name, String(value)]])),
  );
  query.set('from', `${pageLink('threadDeatails')}?detail=${lead.id}`);
  return `${pageLink(route)}?${query}`;
}

function NewCustomerLink({
  kind,
  lead,
  onClose,
}: {
  kind: number;
  lead: ResourceRecord | undefined;
  onClose?: () => void;
}) {
  const navigate = useNavigate();
  const access = useAccess();
  const route = routesByKey.get(customerAddRoute[kind] ?? '');
  const link = lead ? newCustomerLink(kind, lead) : undefined;
  // A user who may not add this kind of customer is not sent to a page that would refuse them.
  if (!link || !route || !access.canOpen(route)) return null;
  return (
    <Button
      type="link"
      size="small"
      onClick={() => {
        // The dialog is left behind: the lead comes back activated, with nothing left to pick.
        onClose?.();
        navigate(link);
      }}
    >
      还没有该客户？去新增{leadEnums.customerKind.label(kind)}
    </Button>
  );
}

/** 激活: the kind of customer, then that customer picked from the branch company's (a driver or a customer). */
function ActivateFields({ record, onClose }: { record?: ResourceRecord | undefined; onClose?: () => void }) {
  const kind = Form.useWatch<number | undefined>('customerKind');
  const lookup = kind === undefined ? undefined : customerLookupOf(kind);
  return (
    <>
      <BodyField schema={activateBody} name="customerKind">
        <Select options={leadEnums.customerKind.options} />
      </BodyField>
      {lookup && lookup in lookups ? (
        <BodyField schema={activateBody} name="customerId" label={leadEnums.customerKind.label(kind)}>
          <LookupField key={lookup} lookup={lookup} />
        </BodyField>
      ) : null}
      {kind !== undefined && !(lookup && lookup in lookups) ? (
        <Alert type="warning" showIcon message={`${leadEnums.customerKind.label(kind)}资料暂不可选`} />
      ) : null}
      {kind !== undefined ? <NewCustomerLink kind={kind} lead={record} onClose={onClose} /> : null}
    </>
  );
}

export const activateFields: ActionFields = {
  initial: (lead) => (lead?.customerKind == null ? {} : { customerKind: Number(lead.customerKind) }),
  Fields: ActivateFields,
};
