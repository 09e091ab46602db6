import { LOADING_TEXTS } from '../../components/spinner';
import { container, visuallyHidden } from '../../theme/utilities.css';
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
      <span className={`${skeleton.bone} ${skeleton.crumbs}`} aria-hidden="true" />
      <div className={view.top} aria-hidden="true">
        <div className={view.gallery}>
          <div className={view.mainFrame}>
            <span className={`${skeleton.bone} ${skeleton.photo}`} />
          </div>
          <div className={skeleton.thumbs}>
            <span className={`${skeleton.bone} ${skeleton.thumb}`} />
            <span className={`${skeleton.bone} ${skeleton.thumb}`} />
            <span className={`${skeleton.bone} ${skeleton.thumb}`} />
          </div>
        </div>
        <div className={view.info}>
          <span className={`${skeleton.bone} ${skeleton.titleLine}`} />
          <span className={`${skeleton.bone} ${skeleton.titleLine} ${skeleton.titleLineShort}`} />
          <span className={`${skeleton.bone} ${skeleton.metaLine}`} />
          <span className={`${skeleton.bone} ${skeleton.price}`} />
          <div className={skeleton.buttons}>
            <span className={`${skeleton.bone} ${skeleton.button}`} />
            <span className={`${skeleton.bone} ${skeleton.button}`} />
          </div>
          <span className={`${skeleton.bone} ${skeleton.specLine}`} />
          <span className={`${skeleton.bone} ${skeleton.specLine}`} />
          <span className={`${skeleton.bone} ${skeleton.specLine}`} />
        </div>
      </div>
    </div>
  );
}
