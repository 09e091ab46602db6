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
import { useEffect, useState } from 'react';
import { productImagesMachine } from '../../../application/admin/products/product-images.machine';
import {
  IMAGE_TYPES,
  type ManagedImage,
  type ProductFormRef,
  type StagedImage,
} from '../../../application/machines/admin/image-manager.machine';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import * as styles from './catalogue.css';

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

/** A photo chosen before the product exists: its preview from the file itself, nothing uploaded. */
function StagedTile({
  staged,
  index,
  onRemove,
}: {
  staged: StagedImage;
  index: number;
  onRemove: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(staged.file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [staged.file]);
  return (
    <li className={styles.imageTile}>
      {url !== null && <img className={styles.imagePicture} src={url} alt={`Новое фото ${index + 1}`} />}
      {index === 0 && <span className={styles.imageMain}>Главное</span>}
      <span className={ui.muted}>{staged.file.name}</span>
      <Button variant="secondary" size="s" onClick={onRemove} aria-label={`Убрать фото ${index + 1}`}>
        <Trash2 width={14} height={14} aria-hidden="true" /> Убрать
      </Button>
    </li>
  );
}

/**
 * Pictures of the product: drop files or pick them, drag to reorder (the first is the main one; the
 * keyboard works too: space, arrows, space), alt text, delete. Changes go to the server at once. On a
 * new product the chosen photos wait beside the form and are uploaded the moment «Создать товар»
 * stores it (image-manager.machine.ts; docs/admin-products.md).
 */
export function ProductImageManager({ form }: { form: ProductFormRef }) {
  const manager = useActorRef(useUseCase(productImagesMachine), { input: { form } });
  const images = useSelector(manager, (snapshot) => snapshot.context.images);
  const staged = useSelector(manager, (snapshot) => snapshot.context.staged);
  const isNew = useSelector(manager, (snapshot) => snapshot.context.productId === null);
  const error = useSelector(manager, (snapshot) => snapshot.context.error);
  const busy = useSelector(manager, (snapshot) => snapshot.hasTag('busy'));
  const [over, setOver] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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
    <Card title={`Фотографии (${images.length + staged.length})`}>
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
        {isNew && (
          <p className={ui.muted}>
            Фото загрузятся вместе с товаром, когда вы нажмёте «Создать товар». Первое станет главным.
          </p>
        )}
        {staged.length > 0 && (
          <ul className={styles.images} aria-label="Фото к загрузке после создания">
            {staged.map((item, index) => (
              <StagedTile
                key={item.key}
                staged={item}
                index={index}
                onRemove={() => manager.send({ type: 'images.stagedRemoved', key: item.key })}
              />
            ))}
          </ul>
        )}
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
