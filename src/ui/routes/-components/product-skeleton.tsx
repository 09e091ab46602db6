import { LOADING_TEXTS } from '../../components/spinner';
import { container, placeholderBlock, visuallyHidden } from '../../theme/utilities.css';
import * as page from './catalogue.css';
import * as skeleton from './product-skeleton.css';
import * as view from './product-view.css';

/**
 * The product page while its data loads: the loaded page's shape (crumbs, gallery, name, price,
 * buttons) in grey blocks, at least one screen tall, so nothing below it moves when the product
 * arrives (layout shift). Assistive technology hears the spec's page loading text instead.
 */
export function ProductSkeleton() {
  return (
    <div className={`${container} ${page.page} ${skeleton.root}`} aria-busy="true">
      <p role="status" aria-live="polite" className={visuallyHidden}>
        {LOADING_TEXTS.page}
      </p>
      <span className={`${placeholderBlock} ${skeleton.crumbs}`} aria-hidden="true" />
      <div className={view.top} aria-hidden="true">
        <div className={view.gallery}>
          <div className={view.mainFrame}>
            <span className={`${placeholderBlock} ${skeleton.photo}`} />
          </div>
          <div className={skeleton.thumbs}>
            <span className={`${placeholderBlock} ${skeleton.thumb}`} />
            <span className={`${placeholderBlock} ${skeleton.thumb}`} />
            <span className={`${placeholderBlock} ${skeleton.thumb}`} />
          </div>
        </div>
        <div className={view.info}>
          <span className={`${placeholderBlock} ${skeleton.titleLine}`} />
          <span className={`${placeholderBlock} ${skeleton.titleLine} ${skeleton.titleLineShort}`} />
          <span className={`${placeholderBlock} ${skeleton.metaLine}`} />
          <span className={`${placeholderBlock} ${skeleton.price}`} />
          <div className={skeleton.buttons}>
            <span className={`${placeholderBlock} ${skeleton.button}`} />
            <span className={`${placeholderBlock} ${skeleton.button}`} />
          </div>
          <span className={`${placeholderBlock} ${skeleton.specLine}`} />
          <span className={`${placeholderBlock} ${skeleton.specLine}`} />
          <span className={`${placeholderBlock} ${skeleton.specLine}`} />
        </div>
      </div>
    </div>
  );
}
