import { z } from 'zod';
import { calendarDate, idText, text } from '../values';
import { plateProblem } from './identifiers';

const checklist = z
  .array(
    z.strictObject({
      item: text().trim().min(1).max(30).meta({ title: '检查项' }),
      ok: z.boolean().meta({ title: '是否正常' }),
      note: text().trim().max(200).optional().meta({ title: '说明' }),
    }),
  )
  .min(1, '至少填写一项')
  .max(50)
  .meta({ title: '检查清单' });
const photos = z.array(text().min(1).max(300)).max(20).default([]).meta({ title: '照片', files: true });
const mileage = z.number().int().min(0).max(3_000_000).meta({ title: '里程（公里）' });
const remark = text().trim().max(500).optional().meta({ title: '备注' });
export const inspectBody = z.strictObject({
  mileage,
  result: z.literal([0, 1], { error: '验车结果取值无效' }).meta({ title: '验车结果' }),
  checklist,
  photos,
  remark,
});

/** What completing each preparation item records on the vehicle. */
export const preparationBodies = {
  0: z.strictObject({ note: remark, attachments: photos }),
  1: z.strictObject({
    plateNo: text()
      .trim()
      .transform((value) => value.toUpperCase())
      .superRefine((value, ctx) => {
        const problem = plateProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({ title: '车牌号' }),
    drivingLicenseIssueDate: calendarDate().meta({ title: '行驶证发证日期' }),
    note: remark,
    attachments: photos,
  }),
  2: z.strictObject({
    gpsDeviceNo: text().trim().min(1, '不能为空').max(30).meta({ title: 'GPS设备号' }),
    note: remark,
    attachments: photos,
  }),
  3: z.strictObject({
    operationCertificateNo: text().trim().min(1, '不能为空').max(30).meta({ title: '运输证号' }),
    operationCertificateExpiry: calendarDate().meta({ title: '运输证有效期至' }),
    note: remark,
    attachments: photos,
  }),
} as const;

export const outboundBody = z.strictObject({
  location: text().trim().min(1, '不能为空').max(100).meta({ title: '出库地点' }),
  mileage,
  purpose: text().trim().max(100).optional().meta({ title: '出库用途' }),
  remark,
});

/** The driver is picked among the branch company's 正常 drivers; the delivery keeps their name and phone as they were. */
export const deliverBody = z.strictObject({
  driverId: idText.meta({ title: '司机', lookup: 'driver' }),
  mileage,
  energyLevel: z.number().int().min(0).max(100).meta({ title: '油量/电量（%）' }),
  checklist,
  photos,
  remark,
});

export const recallBody = z.strictObject({
  mileage,
  energyLevel: z.number().int().min(0).max(100).meta({ title: '油量/电量（%）' }),
  remark,
});

export const requestReturnBody = z.strictObject({ remark });

export const acceptReturnBody = z.strictObject({
  mileage,
  energyLevel: z.number().int().min(0).max(100).meta({ title: '油量/电量（%）' }),
  damage: text().trim().max(500).optional().meta({ title: '车损情况' }),
  photos,
  remark,
});

export const shuntBody = z.strictObject({
  toCityId: idText.meta({ title: '调入城市', lookup: 'city' }),
  fromLocation: text().trim().min(1, '不能为空').max(100).meta({ title: '调出地点' }),
  toLocation: text().trim().min(1, '不能为空').max(100).meta({ title: '调入地点' }),
  driver: text().trim().min(1, '不能为空').max(30).meta({ title: '调车司机' }),
  reason: text().trim().max(200).optional().meta({ title: '调车原因' }),
});

export const handleRiskBody = z.strictObject({
  note: text().trim().min(1, '不能为空').max(500).meta({ title: '处理说明' }),
});
