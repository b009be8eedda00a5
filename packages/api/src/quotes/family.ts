import {
  addDays,
  approvalBusinessTypes,
  productQuoteResource,
  productQuoteStates,
  quoteValidityDays,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { stateFollowsApproval } from '../approvals/outcomes';
import { businessToday } from '../clock';
import { customers } from '../customers/tables';
import { businessError } from '../http/errors';
import { serialNumber } from '../orders/numbers';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { productQuotes } from './tables';

/**
 * A quote's terms checked together: a validity within the allowed days (the field's own
 * schema has refused a day before today).
 */
function checkedQuote(values: Row, today = businessToday()): Row {
  const latest = addDays(today, quoteValidityDays);
  if (String(values.validUntil) > latest)
    throw businessError(`报价有效期至不能晚于${latest}（${quoteValidityDays}天内）`);
  return { ...values, totalRent: Number(values.rent) * Number(values.quantity) * Number(values.termMonths) };
}

/** The to-do lists' summary of a quote: `产品报价 BJ20261125000001 北京顺达汽车租赁有限公司 20台`. */
export const quoteTitle = (quoteNo: string, customer: string, quantity: number) =>
  `产品报价 ${quoteNo} ${customer} ${quantity}台`;

async function customerName(ctx: WriteContext, id: number): Promise<string> {
  const [customer] = await ctx.tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.tenantId, ctx.auth.tenantId)));
  return customer?.name ?? '';
}

/**
 * 产品报价: numbered BJ (报价) + Beijing day + sequence and checked when saved; saving starts 产品报价审批 in
 * the same transaction, whose outcome sets the quote's state (已通过, 已驳回, 已撤回).
 */
export const productQuoteFamily = defineServerResource({
  resource: productQuoteResource,
  table: productQuotes,
  screens: [],
  async prepare(values, ctx) {
    return { ...checkedQuote(values), quoteNo: await serialNumber(ctx, 'BJ', 'product_quote_no_seq', 6) };
  },
  async onChange(ctx, before, after) {
    if (before || !after) return;
    const name = await customerName(ctx, Number(after.customerId));
    await startApproval(ctx, {
      businessType: approvalBusinessTypes.productQuote,
      businessId: Number(after.id),
      title: quoteTitle(String(after.quoteNo), name, Number(after.quantity)),
    });
  },
});

approvalBusiness(approvalBusinessTypes.productQuote, productQuoteFamily);

stateFollowsApproval(approvalBusinessTypes.productQuote, productQuotes, productQuoteStates.inApproval, {
  approved: productQuoteStates.approved,
  rejected: productQuoteStates.rejected,
  withdrawn: productQuoteStates.withdrawn,
});
