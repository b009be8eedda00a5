import { describe, expect, it } from 'vitest';
import { newCustomerLink } from './actionFields';

const lead = {
  id: '42',
  contactName: '王磊',
  mobile: '13812345678',
  cityId: '3',
  channelId: '6',
  channelName: '滴滴车主招募',
};

describe('激活 → 去新增: the add page of the chosen kind, filled from the lead', () => {
  it("carries the lead's contact, mobile, city and channel, the lead itself, and the way back to it", () => {
    const link = new URL(newCustomerLink(0, lead) ?? '', 'http://console');
    expect(link.pathname).toBe('/ridehailingDriversAdd');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      leadId: '42',
      name: '王磊',
      mobile: '13812345678',
      cityId: '3',
      source: '滴滴车主招募',
      from: '/threadDeatails?detail=42',
    });
    expect(new URL(newCustomerLink(1, lead) ?? '', 'http://console').pathname).toBe('/taxiDriverAdd');
  });

  it('leaves out what the lead does not have', () => {
    const link = new URL(
      newCustomerLink(0, { id: '7', contactName: '李', mobile: '13900000000', cityId: null }) ?? '',
      'http://console',
    );
    expect([...link.searchParams.keys()]).toEqual(['leadId', 'name', 'mobile', 'from']);
  });
});
