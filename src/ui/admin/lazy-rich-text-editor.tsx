import { lazy, Suspense } from 'react';
import * as ui from './admin-ui.css';
import type { RichTextEditorProps } from './rich-text-editor';

// Tiptap and ProseMirror are the heaviest code of the back office: only an editing screen loads them.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich-text editor, loaded on first use; a plain placeholder stands in meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={ui.control} aria-busy="true">
          Загружаем редактор…
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
