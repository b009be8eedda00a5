import { PlusOutlined } from '@ant-design/icons';
import { inspectBody } from '@cp/contracts';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { schemaProblem, schemaRule } from '../resource';

/** What a handover checks unless the user changes it. */
export const defaultChecklist = ['外观', '内饰', '轮胎', '灯光', '随车工具'].map((item) => ({ item, ok: true }));

const checklist = inspectBody.shape.checklist;
const entry = checklist.element.shape;
const emptyProblem = schemaProblem(checklist, []) ?? '';

/** 检查清单: an editable list of items, each 正常 or not, with a note. */
export function ChecklistField() {
  return (
    <Form.Item label="检查清单" required>
      <Form.List
        name="checklist"
        rules={[
          {
            // Each row checks itself; the list only refuses to be empty, in the schema's words.
            validator: async (_rule, value: unknown) => {
              if (!Array.isArray(value) || value.length === 0) throw new Error(emptyProblem);
            },
          },
        ]}
      >
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map(({ key, name }) => (
              <Flex key={key} gap={8} align="baseline">
                <Form.Item
                  name={[name, 'item']}
                  rules={[{ required: true, whitespace: true, message: '请输入检查项' }, schemaRule(entry.item)]}
                  style={{ flex: 1 }}
                >
                  <Input placeholder="检查项" aria-label="检查项" maxLength={30} />
                </Form.Item>
                <Form.Item name={[name, 'ok']} valuePropName="checked">
                  <Checkbox>正常</Checkbox>
                </Form.Item>
                <Form.Item name={[name, 'note']} rules={[schemaRule(entry.note)]} style={{ flex: 2 }}>
                  <Input placeholder="说明" aria-label="说明" maxLength={200} />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(name)}>
                  删除
                </Button>
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ item: '', ok: true })}>
              添加检查项
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
