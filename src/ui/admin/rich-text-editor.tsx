import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import * as styles from './catalogue/catalogue.css';

/**
 * The back office's rich-text editor (Tiptap 3: paragraphs, headings, lists, quotes, bold, italic,
 * links). It writes HTML; the server sanitises every write with an allow-list before storing it, and
 * previews show only what the server answered. Heavy (ProseMirror), so the routes reach it through
 * `LazyRichTextEditor` and it stays out of every chunk but the editing screens'.
 */
export interface RichTextEditorProps {
  readonly value: string;
  readonly onChange: (html: string) => void;
  /** The visible label's id (the editable area is labelled by it). */
  readonly labelledBy: string;
  readonly disabled?: boolean;
}

type Mark =
  | 'bold'
  | 'italic'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'link';

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export default function RichTextEditor({
  value,
  onChange,
  labelledBy,
  disabled = false,
}: RichTextEditorProps) {
  /** The HTML of the content as given from outside, in the editor's own form. */
  const baseline = useRef('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer' },
        },
      }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelledBy,
        role: 'textbox',
        'aria-multiline': 'true',
        class: styles.editorContent,
      },
    },
    onCreate: ({ editor: current }) => {
      baseline.current = htmlOf(current);
    },
    onUpdate: ({ editor: current }) => {
      // The editor rewrites stored HTML into its own form (plain text into <p>…); that is not an edit.
      const html = htmlOf(current);
      if (html !== baseline.current) onChange(html);
    },
  });

  // A value from outside (the record reloaded, a conflict resolved) replaces the content.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
      baseline.current = htmlOf(editor);
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }): Record<Mark, boolean> => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      heading2: current?.isActive('heading', { level: 2 }) ?? false,
      heading3: current?.isActive('heading', { level: 3 }) ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      blockquote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  const button = (mark: Mark, label: string, title: string, run: () => void) => (
    <button
      type="button"
      className={styles.editorButton}
      aria-pressed={active?.[mark] ?? false}
      title={title}
      // The name holds the visible mark too («Заголовок (H2)»), so a voice command saying «H2» finds it
      // (axe label-content-name-mismatch).
      aria-label={label === title ? title : `${title} (${label})`}
      disabled={disabled || editor === null}
      onClick={run}
    >
      {label}
    </button>
  );

  const chain = () => editor?.chain().focus();
  return (
    <div className={styles.editor}>
      <div className={styles.editorToolbar} role="toolbar" aria-label="Оформление текста">
        {button('bold', 'Ж', 'Полужирный', () => chain()?.toggleBold().run())}
        {button('italic', 'К', 'Курсив', () => chain()?.toggleItalic().run())}
        {button('heading2', 'H2', 'Заголовок', () => chain()?.toggleHeading({ level: 2 }).run())}
        {button('heading3', 'H3', 'Подзаголовок', () => chain()?.toggleHeading({ level: 3 }).run())}
        {button('bulletList', '•', 'Маркированный список', () => chain()?.toggleBulletList().run())}
        {button('orderedList', '1.', 'Нумерованный список', () => chain()?.toggleOrderedList().run())}
        {button('blockquote', '«»', 'Цитата', () => chain()?.toggleBlockquote().run())}
        {button('link', 'Ссылка', 'Ссылка', () => {
          if (editor?.isActive('link')) {
            chain()?.unsetLink().run();
            return;
          }
          const href = window.prompt('Адрес ссылки (https://… или /путь на сайте)');
          if (href && /^(https?:\/\/|mailto:|tel:|\/)/i.test(href.trim())) {
            chain()?.extendMarkRange('link').setLink({ href: href.trim() }).run();
          }
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
