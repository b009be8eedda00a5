import { activateBody, customerAddRoute, customerLookupOf, leadEnums, lookups } from '@cp/contracts';
import { Alert, Button, Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import { BodyField, LookupField, type ResourceRecord } from '../resource';
import type { ActionFields } from '../resource/family';
import { pageLink } from '../resource/routes';

/** The add page of the chosen kind of customer, carrying the lead so the new customer starts from its fields. */
function NewCustomerLink({ kind, lead }: { kind: number; lead: ResourceRecord | undefined }) {
  const navigate = useNavigate();
  const route = customerAddRoute[kind];
  if (!route || !lead) return null;
  const query = new URLSearchParams({
    leadId: lead.id,
    name: String(lead.contactName ?? ''),
    mobile: String(lead.mobile ?? ''),
  });
  return (
    <Button type="link" size="small" onClick={() => navigate(`${pageLink(route)}?${query}`)}>
      还没有该客户？去新增{leadEnums.customerKind.label(kind)}
    </Button>
  );
}

/** 激活: the kind of customer, then that customer picked from the branch company's (a driver or a customer). */
function ActivateFields({ record }: { record?: ResourceRecord | undefined }) {
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
      {kind !== undefined ? <NewCustomerLink kind={kind} lead={record} /> : null}
    </>
  );
}

export const activateFields: ActionFields = {
  initial: (lead) => (lead?.customerKind == null ? {} : { customerKind: Number(lead.customerKind) }),
  Fields: ActivateFields,
};
