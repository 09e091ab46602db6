import type { ReactNode } from 'react';
import { FREE_DELIVERY_FROM, formatPrice } from '../../domain/money';
import { AppLink } from './app-link';
import * as styles from './home-sections.css';
import { ChevronDown, CreditCard, Headset, ShieldCheck, Truck } from './page-icons';

const BENEFITS: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Бесплатная доставка',
    text: `При заказе от ${formatPrice(FREE_DELIVERY_FROM)} — привезём и поднимем на этаж.`,
    icon: <Truck size={24} aria-hidden="true" />,
  },
  {
    title: 'Гарантия и возврат',
    text: 'Официальная гарантия производителей и понятные условия возврата.',
    icon: <ShieldCheck size={24} aria-hidden="true" />,
  },
  {
    title: 'Удобная оплата',
    text: 'Картой на сайте, при получении или в рассрочку.',
    icon: <CreditCard size={24} aria-hidden="true" />,
  },
  {
    title: 'Помощь с выбором',
    text: 'Подскажем по размерам, материалам и сочетаниям — по телефону или в мессенджере.',
    icon: <Headset size={24} aria-hidden="true" />,
  },
];

const FAQ: readonly { question: string; answer: string; link: { label: string; href: string } }[] = [
  {
    question: 'Как оформить заказ?',
    answer:
      'Добавьте товары в корзину и оформите заказ — менеджер свяжется с вами, чтобы подтвердить детали.',
    link: { label: 'Как сделать заказ', href: '/pages/how-to-order' },
  },
  {
    question: 'Сколько стоит доставка?',
    answer: `Стоимость зависит от адреса и габаритов; при заказе от ${formatPrice(FREE_DELIVERY_FROM)} доставка бесплатна.`,
    link: { label: 'Условия доставки', href: '/pages/delivery' },
  },
  {
    question: 'Какие способы оплаты доступны?',
    answer: 'Банковской картой онлайн, при получении, а также в рассрочку.',
    link: { label: 'Способы оплаты', href: '/pages/payment' },
  },
  {
    question: 'Можно ли вернуть или обменять товар?',
    answer: 'Да, по правилам возврата и на условиях гарантии производителя.',
    link: { label: 'Гарантии и возврат', href: '/pages/trust' },
  },
];

export function BenefitsBlock() {
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className={styles.sectionTitle}>
        Почему выбирают нас
      </h2>
      <ul className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className={styles.benefit}>
            <span className={styles.benefitIcon}>{benefit.icon}</span>
            <h3 className={styles.benefitTitle}>{benefit.title}</h3>
            <p className={styles.benefitText}>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FaqBlock() {
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className={styles.sectionTitle}>
        Частые вопросы
      </h2>
      <div className={styles.faq}>
        {FAQ.map((item) => (
          <details key={item.question} className={styles.faqItem}>
            <summary className={styles.faqQuestion}>
              {item.question}
              <ChevronDown size={20} aria-hidden="true" className={styles.faqChevron} />
            </summary>
            <p className={styles.faqAnswer}>
              {item.answer}{' '}
              <AppLink href={item.link.href} className={styles.faqLink}>
                {item.link.label}
              </AppLink>
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
