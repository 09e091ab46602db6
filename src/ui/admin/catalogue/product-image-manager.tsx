import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useActorRef, useSelector } from '@xstate/react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  IMAGE_TYPES,
  type ImageOperation,
  imageManagerMachine,
  type ManagedImage,
} from '../../../application/machines/admin/image-manager.machine';
import type {
  AdminProductsPort,
  ProductDraft,
  ProductMeta,
} from '../../../application/ports/admin-products.port';
import { Button } from '../../components/button';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import * as styles from './catalogue.css';
import type { RecordFormActor } from './record-form-view';

function SortableImage({
  image,
  index,
  busy,
  onAlt,
  onDelete,
}: {
  image: ManagedImage;
  index: number;
  busy: boolean;
  onAlt: (alt: string) => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: image.key,
  });
  const [alt, setAlt] = useState(image.alt);
  useEffect(() => setAlt(image.alt), [image.alt]);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${styles.imageTile} ${isDragging ? styles.imageTileDragging : ''}`}
    >
      <img
        className={styles.imagePicture}
        src={image.url}
        alt={image.alt || `Фото ${index + 1}`}
        {...attributes}
        {...listeners}
        aria-roledescription="перетаскиваемое фото"
        aria-label={`Фото ${index + 1}: перетащите, чтобы изменить порядок`}
      />
      {index === 0 && <span className={styles.imageMain}>Главное</span>}
      <input
        className={styles.gridInput}
        aria-label={`Подпись (alt) фото ${index + 1}`}
        placeholder="Подпись для поиска"
        value={alt}
        maxLength={300}
        onChange={(event) => setAlt(event.target.value)}
        onBlur={() => alt !== image.alt && onAlt(alt)}
      />
      <Button
        variant="secondary"
        size="s"
        onClick={onDelete}
        disabled={busy}
        aria-label={`Удалить фото ${index + 1}`}
      >
        <Trash2 width={14} height={14} aria-hidden="true" /> Удалить
      </Button>
    </li>
  );
}

/**
 * Pictures of the product: drop files or pick them, drag to reorder (the first is the main one; the
 * keyboard works too: space, arrows, space), alt text, delete. Changes go to the server at once.
 */
export function ProductImageManager({
  productId,
  products,
  form,
}: {
  productId: number;
  products: AdminProductsPort;
  form: RecordFormActor<ProductDraft, ProductMeta>;
}) {
  const machine = useMemo(
    () =>
      imageManagerMachine.provide({
        actors: {
          runImageOperation: fromPromise(
            ({ input, signal }: { input: ImageOperation; signal: AbortSignal }) => {
              const options = { signal };
              switch (input.kind) {
                case 'upload':
                  return products.uploadImage(productId, input.file, options);
                case 'reorder':
                  return products.reorderImages(productId, input.keys, options);
                case 'alt':
                  return products.setImageAlt(productId, input.key, input.alt, options);
                case 'delete':
                  return products.deleteImage(productId, input.key, options);
              }
            },
          ),
        },
        actions: {
          imagesChanged: (_, answer) => {
            const meta = form.getSnapshot().context.meta;
            if (meta !== null) {
              form.send({
                type: 'form.recordTouched',
                meta: { ...meta, images: answer.images },
                version: answer.version,
              });
            }
          },
        },
      }),
    [products, productId, form],
  );
  const manager = useActorRef(machine);
  const initial = useSelector(form, (snapshot) => snapshot.context.meta?.images);
  const images = useSelector(manager, (snapshot) => snapshot.context.images);
  const error = useSelector(manager, (snapshot) => snapshot.context.error);
  const busy = useSelector(manager, (snapshot) => snapshot.hasTag('busy'));
  const [over, setOver] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (initial !== undefined && !manager.getSnapshot().hasTag('busy')) {
      manager.send({ type: 'images.loaded', images: initial });
    }
  }, [initial, manager]);

  const onDragEnd = (event: DragEndEvent) => {
    const from = images.findIndex((image) => image.key === event.active.id);
    const to = images.findIndex((image) => image.key === event.over?.id);
    if (from < 0 || to < 0 || from === to) return;
    manager.send({
      type: 'images.reordered',
      keys: arrayMove([...images], from, to).map((image) => image.key),
    });
  };

  const choose = (files: FileList | null) => {
    if (files && files.length > 0) manager.send({ type: 'images.filesChosen', files: [...files] });
  };

  return (
    <Card title={`Фотографии (${images.length})`}>
      <div className={ui.stack}>
        <label
          className={`${styles.dropZone} ${over ? styles.dropZoneActive : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(event) => {
            event.preventDefault();
            setOver(false);
            choose(event.dataTransfer.files);
          }}
        >
          <ImagePlus width={28} height={28} aria-hidden="true" />
          <span>
            Перетащите фото сюда или <u>выберите файлы</u>
          </span>
          <span className={ui.muted}>JPEG, PNG или WEBP до 10 МБ</span>
          <input
            type="file"
            className={visuallyHidden}
            accept={IMAGE_TYPES.join(',')}
            multiple
            aria-label="Загрузить фото"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
        {busy && (
          <Notice tone="info" role="status">
            Сохраняем фото…
          </Notice>
        )}
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
        {images.length > 0 && (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={images.map((image) => image.key)} strategy={rectSortingStrategy}>
              <ul className={styles.images} aria-label="Фото товара, по порядку">
                {images.map((image, index) => (
                  <SortableImage
                    key={image.key}
                    image={image}
                    index={index}
                    busy={busy}
                    onAlt={(alt) => manager.send({ type: 'images.altChanged', key: image.key, alt })}
                    onDelete={() => manager.send({ type: 'images.deleteRequested', key: image.key })}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
      </div>
    </Card>
  );
}
