import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SeoText } from '../../application/ports/catalogue.port';
import { homeWelcome } from '../../application/queries/home-page.query';
import { homeSliders } from '../../application/queries/home-sliders.query';
import { HOME_HEAD } from '../components/home-content';
import * as sectionStyles from '../components/home-sections.css';
import { HomeView } from '../components/home-view';
import { useAfterHydration } from '../shell/hydration';
import { useLazySlider, useNearViewport } from '../shell/lazy-data';
import { useProductCardActions } from '../shell/product-actions';
import { RequestModal } from '../shell/request-modal';
import { useShopChild, useShopRuntime, useUseCase } from '../shell/shop-context';
import { useSubscribeBlock } from '../shell/subscribe-view';
import { PageHead, useSiteOrigin } from './-components/page-head';

export const Route = createFileRoute('/')({
  staticData: { drawnOnServer: true },
  loader: ({ context, abortController }) =>
    context.shop.resolve(homeWelcome)({ signal: abortController.signal }),
  component: HomePage,
});

function SeoWelcome({ seo }: { seo: SeoText }) {
  return (
    <>
      {seo.title.trim() !== '' && <h2 className={sectionStyles.seoTitle}>{seo.title}</h2>}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the SEO text is HTML written by the shop's administrators */}
      <div dangerouslySetInnerHTML={{ __html: seo.html }} />
    </>
  );
}

/**
 * The home page: the sliders load when they come near the viewport, product cards send to the cart
 * and favourites machines, the consultation banner opens its modal and the subscribe block renders
 * the subscribe machine.
 */
function HomePage() {
  const { seo } = Route.useLoaderData();
  const shop = useShopRuntime();
  const sliders = useUseCase(homeSliders);
  const auth = useShopChild('auth');
  const viewed = useShopChild('recentlyViewed');
  const clientId = useSelector(auth, (snapshot) => snapshot.context.identity.clientId);
  // The visitor's recently viewed list is in their storage: the server draws the page without it.
  const viewedKey = useAfterHydration(
    useSelector(viewed, (snapshot) => snapshot.context.viewed.join(',')),
    '',
  );
  const consultation = useActorRef(shop.machines.consultationModal);
  const subscribe = useActorRef(shop.machines.subscribe);
  const subscribeBlock = useSubscribeBlock(subscribe);
  const productActions = useProductCardActions();
  const origin = useSiteOrigin();

  const [newArrivalsRef, newArrivalsNear] = useNearViewport<HTMLElement>();
  const [recommendedRef, recommendedNear] = useNearViewport<HTMLElement>();
  const [newsRef, newsNear] = useNearViewport<HTMLElement>();
  const [inspirationRef, inspirationNear] = useNearViewport<HTMLElement>();

  const newArrivals = useLazySlider(
    newArrivalsNear,
    'new',
    useCallback((signal: AbortSignal) => sliders.newArrivals(signal), [sliders]),
  );
  const recommended = useLazySlider(
    recommendedNear,
    'random',
    useCallback((signal: AbortSignal) => sliders.randomProducts(signal), [sliders]),
  );
  // The recently viewed slider sits right after the random one and shows only with items in it.
  const recentlyViewed = useLazySlider(
    recommendedNear && viewedKey !== '',
    viewedKey,
    useCallback(
      (signal: AbortSignal) =>
        sliders.recentlyViewed(viewedKey === '' ? [] : viewedKey.split(',').map(Number), signal),
      [sliders, viewedKey],
    ),
  );
  const newsCards = useLazySlider(
    newsNear,
    'news',
    useCallback((signal: AbortSignal) => sliders.newsCards('news', signal), [sliders]),
  );
  const inspirationCards = useLazySlider(
    inspirationNear,
    'inspiration',
    useCallback((signal: AbortSignal) => sliders.newsCards('inspiration', signal), [sliders]),
  );

  return (
    <>
      <PageHead
        title={seo?.meta_title || HOME_HEAD.title}
        description={seo?.meta_description || HOME_HEAD.description}
        path="/"
      />
      <HomeView
        origin={origin}
        newArrivals={newArrivals}
        recommended={recommended}
        recentlyViewed={viewedKey === '' ? { status: 'empty' } : recentlyViewed}
        news={newsCards}
        inspiration={inspirationCards}
        productActions={productActions}
        onConsultationRequest={() => consultation.send({ type: 'modal.openRequested', clientId })}
        subscribe={subscribeBlock}
        seoText={seo !== null && seo.html.trim() !== '' ? <SeoWelcome seo={seo} /> : undefined}
        sliderRefs={{
          newArrivals: newArrivalsRef,
          recommended: recommendedRef,
          news: newsRef,
          inspiration: inspirationRef,
        }}
      />
      <RequestModal kind="consultation" actor={consultation} clientId={clientId} />
    </>
  );
}
