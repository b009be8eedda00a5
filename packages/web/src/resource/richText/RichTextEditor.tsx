import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { richTextImageUpload } from '@cp/contracts';
import Image from '@tiptap/extension-image';
import { closeHistory } from '@tiptap/pm/history';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Popover, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { widgetClient } from '../../request';
import { errorMessage } from '../../widgets/api/errorMessage';
import { uploadWith } from '../../widgets/api/widgetApi';

export interface RichTextEditorProps {
  id?: string;
  value?: string | null;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** The field's title, which names the editing area for screen readers. */
  title?: string;
}

const pictureTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const maxPictureMb = 10;
const uploadPicture = uploadWith(widgetClient, richTextImageUpload);

/** An address a link may take: http(s) or mailto, as the server keeps them. */
function linkProblem(href: string): string | null {
  return /^(https?:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(href)
    ? null
    : '请输入以http://或https://开头的完整网址';
}

/** The active formatting the toolbar shows, read on each change of the editor's state. */
function useActive(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      undo: current.can().undo(),
      redo: current.can().redo(),
    }),
  });
}

function Tool(props: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <Button
        type={props.active ? 'primary' : 'text'}
        size="small"
        aria-label={props.label}
        aria-pressed={props.active ?? false}
        disabled={props.disabled}
        icon={props.icon}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** 链接: the selection's link set, changed or removed (an empty address removes it). */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const problem = href.trim() ? linkProblem(href.trim()) : null;
  const apply = () => {
    if (problem) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    (href.trim() ? chain.setLink({ href: href.trim() }) : chain.unsetLink()).run();
    setOpen(false);
  };
  const content = (
    <Space.Compact style={{ width: 320 }}>
      <Input
        aria-label="链接地址"
        placeholder="https://…，留空则取消链接"
        value={href}
        status={problem ? 'error' : undefined}
        onChange={(event) => setHref(event.target.value)}
        onPressEnter={apply}
      />
      <Button type="primary" onClick={apply} disabled={Boolean(problem)}>
        确定
      </Button>
    </Space.Compact>
  );
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref(String(editor.getAttributes('link').href ?? ''));
      }}
      trigger="click"
      content={
        <>
          {content}
          {problem ? <div style={{ color: '#b91c1c', marginTop: 4 }}>{problem}</div> : null}
        </>
      }
    >
      <Tooltip title="链接">
        <Button type={active ? 'primary' : 'text'} size="small" aria-label="链接" icon={<LinkOutlined />} />
      </Tooltip>
    </Popover>
  );
}

/** 插入图片: a picture uploaded to the console's own storage, inserted at the cursor. */
function PictureTool({ editor }: { editor: Editor }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const insert = async (file: File | undefined) => {
    if (!file) return;
    if (!pictureTypes.includes(file.type)) return void message.error('仅支持PNG、JPG、GIF、WEBP图片');
    if (file.size > maxPictureMb * 1024 * 1024) return void message.error(`图片不能超过${maxPictureMb}MB`);
    setBusy(true);
    try {
      const stored = await uploadPicture(file);
      const src = stored.url ?? stored.fileTempUrl;
      if (src)
        editor
          .chain()
          .focus()
          .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
          .run();
    } catch (error) {
      const text = errorMessage(error);
      if (text) message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tool label="插入图片" icon={<PictureOutlined />} disabled={busy} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept={pictureTypes.join(',')}
        hidden
        data-testid="rich-text-picture"
        onChange={(event) => {
          void insert(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useActive(editor);
  // Each toolbar action is a step of its own to 撤销, however quickly it follows the last edit (typing
  // within half a second is grouped into one step; a click on a tool is not typing).
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(
      editor
        .chain()
        .focus()
        .command(({ tr }) => {
          closeHistory(tr);
          return true;
        }),
    ).run();
  const heading = (level: 2 | 3) => run((chain) => chain.toggleHeading({ level }));
  return (
    <Space size={2} wrap className="rich-text-toolbar" role="toolbar" aria-label="格式">
      <Tool label="二级标题" icon="H2" active={active.h2} onClick={heading(2)} />
      <Tool label="三级标题" icon="H3" active={active.h3} onClick={heading(3)} />
      <Divider type="vertical" />
      <Tool label="加粗" icon={<BoldOutlined />} active={active.bold} onClick={run((c) => c.toggleBold())} />
      <Tool label="斜体" icon={<ItalicOutlined />} active={active.italic} onClick={run((c) => c.toggleItalic())} />
      <Divider type="vertical" />
      <Tool
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={active.bullet}
        onClick={run((c) => c.toggleBulletList())}
      />
      <Tool
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={active.ordered}
        onClick={run((c) => c.toggleOrderedList())}
      />
      <Tool label="引用" icon="❝" active={active.quote} onClick={run((c) => c.toggleBlockquote())} />
      <Divider type="vertical" />
      <LinkTool editor={editor} active={active.link} />
      <PictureTool editor={editor} />
      <Divider type="vertical" />
      <Tool label="撤销" icon={<UndoOutlined />} disabled={!active.undo} onClick={run((c) => c.undo())} />
      <Tool label="重做" icon={<RedoOutlined />} disabled={!active.redo} onClick={run((c) => c.redo())} />
    </Space>
  );
}

/**
 * The rich-text editor (Tiptap): headings, emphasis, lists, quotes, links and pictures uploaded to the
 * console's storage — what the server's allow-list keeps. Its value is HTML; an empty editor is ''.
 */
export default function RichTextEditor({ id, value, onChange, placeholder, title }: RichTextEditorProps) {
  const last = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // No empty paragraph added after a last heading or quote: the stored HTML is what was written.
        trailingNode: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { target: null } },
      }),
      Image,
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'rich-text-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': title ?? placeholder ?? '正文',
        ...(placeholder ? { 'data-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      last.current = html;
      onChange?.(html);
    },
  });
  // A value set from outside (the edit form loading its row, 重置) replaces what is shown.
  useEffect(() => {
    if (!editor || (value ?? '') === last.current) return;
    last.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
