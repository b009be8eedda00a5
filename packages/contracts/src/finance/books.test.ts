import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OpenReceivable, planAllocation, settledStatus } from './books';

const receivables = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 10_000 }).map(String),
      dueDate: fc
        .date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      period: fc.integer({ min: 1, max: 60 }),
      outstanding: fc.integer({ min: 0, max: 5_000_000 }),
    }),
    { selector: (row) => row.id, maxLength: 40 },
  )
  .map((rows) => rows as OpenReceivable[]);

const sum = (lines: readonly { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);

describe('planAllocation', () => {
  it('oldest first never creates or loses a fen: lines add up to the amount or to everything owed', () => {
    fc.assert(
      fc.property(receivables, fc.integer({ min: 1, max: 50_000_000 }), (open, amount) => {
        const lines = planAllocation(amount, open);
        if ('problem' in lines) throw new Error(lines.problem);
        const owed = sum(open.map((row) => ({ amount: row.outstanding })));
        expect(sum(lines)).toBe(Math.min(amount, owed));
        const byId = new Map(open.map((row) => [row.id, row]));
        for (const line of lines) {
          expect(line.amount).toBeGreaterThan(0);
          expect(line.amount).toBeLessThanOrEqual(byId.get(line.receivableId)?.outstanding ?? -1);
        }
        // Only the last line may leave its receivable owing: earlier ones are paid off, oldest due first.
        for (const line of lines.slice(0, -1)) expect(line.amount).toBe(byId.get(line.receivableId)?.outstanding);
        const dues = lines.map((line) => byId.get(line.receivableId)?.dueDate ?? '');
        expect([...dues].sort()).toEqual(dues);
      }),
    );
  });

  it('takes the clerk’s lines as given, or refuses them, never more than the amount or what is owed', () => {
    fc.assert(
      fc.property(
        receivables.filter((rows) => rows.length > 0),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6_000_000 })), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        (open, picks, amount) => {
          const chosen = picks.map(([index, value]) => ({
            receivableId: (open[index % open.length] as OpenReceivable).id,
            amount: value,
          }));
          const plan = planAllocation(amount, open, chosen);
          if ('problem' in plan) {
            expect(plan.problem).toMatch(/^分配明细：/);
            return;
          }
          expect(plan).toEqual(chosen);
          expect(sum(plan)).toBeLessThanOrEqual(amount);
          const byId = new Map(open.map((row) => [row.id, row.outstanding]));
          for (const line of plan) expect(line.amount).toBeLessThanOrEqual(byId.get(line.receivableId) ?? -1);
        },
      ),
    );
  });

  it('names each problem of the clerk’s lines', () => {
    const open: OpenReceivable[] = [
      { id: '1', dueDate: '2026-01-05', period: 1, outstanding: 300_000 },
      { id: '2', dueDate: '2026-02-05', period: 2, outstanding: 300_000 },
    ];
    expect(planAllocation(500_000, open, [{ receivableId: '1', amount: 300_001 }])).toEqual({
      problem: '分配明细：应收 #1 未收 3000.00 元，不能分配 3000.01 元',
    });
    expect(planAllocation(500_000, open, [{ receivableId: '9', amount: 1 }])).toEqual({
      problem: '分配明细：应收 #9 不是该客户待收的应收',
    });
    expect(
      planAllocation(500_000, open, [
        { receivableId: '1', amount: 300_000 },
        { receivableId: '2', amount: 300_000 },
      ]),
    ).toEqual({ problem: '分配明细：合计 6000.00 元，超过收款金额 5000.00 元' });
    expect(
      planAllocation(500_000, open, [
        { receivableId: '1', amount: 1 },
        { receivableId: '1', amount: 1 },
      ]),
    ).toEqual({ problem: '分配明细：同一笔应收只能出现一次' });
  });
});

describe('settledStatus', () => {
  const row = { amount: 100, lateFee: 10, received: 0, relieved: 0, overdueDays: 0, status: 0 };
  it('follows the money: paid off with the late fee, partly, overdue while owing, relieved', () => {
    expect(settledStatus({ ...row, received: 110 })).toBe(2);
    expect(settledStatus({ ...row, received: 100 })).toBe(1);
    expect(settledStatus({ ...row, received: 100, overdueDays: 3 })).toBe(3);
    expect(settledStatus({ ...row, relieved: 110 })).toBe(4);
    expect(settledStatus({ ...row, received: 0 })).toBe(0);
    expect(settledStatus({ ...row, status: 5, received: 110 })).toBe(5);
  });
});
