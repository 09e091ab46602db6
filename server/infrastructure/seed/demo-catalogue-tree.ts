/**
 * The demo catalogue's shape: the category tree (the spec's roots in their fixed order), the product
 * templates that hang on its leaves, the brands with their collections and styles. Data only; the
 * generator in demo-content.ts turns it into categories and products.
 */
import type { DemoImageKind } from './demo-content.types';

export type DemoBrandGroup =
  | 'cabinet'
  | 'soft'
  | 'sleep'
  | 'outdoor'
  | 'decor'
  | 'tableware'
  | 'cookware'
  | 'textile'
  | 'rugs'
  | 'sanitary'
  | 'lighting'
  | 'appliances';

type DemoRoomSlug =
  | 'gostinaya'
  | 'spalnya'
  | 'kuhnya-i-stolovaya'
  | 'detskaya'
  | 'prihozhaya'
  | 'vannaya'
  | 'kabinet';

type DemoTemplateItem =
  | readonly [string, readonly string[]]
  | readonly [string, readonly string[], readonly [number, number]];

/** How products of one leaf category look: names, materials, prices and sizes. */
export interface DemoProductTemplate {
  kind: DemoImageKind;
  group: DemoBrandGroup;
  /**
   * [noun, qualifiers that agree with it, optional price range overriding `price`]; an empty qualifier
   * list means the noun stands alone. The override keeps a mug from costing as much as a tea set.
   */
  items: ReadonlyArray<DemoTemplateItem>;
  materials: readonly string[];
  colours: readonly string[];
  /** Price range in roubles. */
  price: readonly [number, number];
  width: readonly [number, number];
  depth: readonly [number, number];
  height: readonly [number, number];
  /** Packed weight range, kg. */
  weight: readonly [number, number];
  boxes: readonly [number, number];
  /** Endings of the first description sentence: '<name> — <about>'. */
  about: readonly string[];
  rooms: readonly DemoRoomSlug[];
  /** Relative share of products this leaf gets. */
  share: number;
}

export interface DemoCategoryNode {
  slug: string;
  name: string;
  description: string;
  kind: DemoImageKind;
  active?: boolean;
  children?: readonly DemoCategoryNode[];
  template?: DemoProductTemplate;
}

export interface DemoBrand {
  slug: string;
  name: string;
  country: string;
  groups: readonly DemoBrandGroup[];
  /** [collection name, style]. */
  collections: ReadonlyArray<readonly [string, string]>;
}

export const DEMO_BRANDS: readonly DemoBrand[] = [
  {
    slug: 'severnaya-manufaktura',
    name: 'Северная мануфактура',
    country: 'Россия',
    groups: ['cabinet', 'soft', 'sleep'],
    collections: [
      ['Осло', 'Скандинавский'],
      ['Берген', 'Скандинавский'],
      ['Ладога', 'Современный'],
      ['Онега', 'Минимализм'],
    ],
  },
  {
    slug: 'casa-bella',
    name: 'Casa Bella',
    country: 'Италия',
    groups: ['soft', 'cabinet', 'lighting', 'decor'],
    collections: [
      ['Верона', 'Классика'],
      ['Сиена', 'Неоклассика'],
      ['Амальфи', 'Современный'],
    ],
  },
  {
    slug: 'polese-mebel',
    name: 'Полесье Мебель',
    country: 'Беларусь',
    groups: ['cabinet', 'sleep', 'soft'],
    collections: [
      ['Нарочь', 'Прованс'],
      ['Гродно', 'Классика'],
      ['Браслав', 'Скандинавский'],
    ],
  },
  {
    slug: 'grand-teak',
    name: 'Grand Teak',
    country: 'Малайзия',
    groups: ['cabinet', 'outdoor'],
    collections: [
      ['Борнео', 'Бохо'],
      ['Лангкави', 'Современный'],
      ['Пенанг', 'Лофт'],
    ],
  },
  {
    slug: 'zhelezo-i-derevo',
    name: 'Железо и дерево',
    country: 'Россия',
    groups: ['cabinet', 'lighting', 'outdoor'],
    collections: [
      ['Бруклин', 'Лофт'],
      ['Детройт', 'Лофт'],
      ['Выборг', 'Минимализм'],
    ],
  },
  {
    slug: 'sonnaya-gavan',
    name: 'Сонная гавань',
    country: 'Россия',
    groups: ['sleep', 'textile'],
    collections: [
      ['Сомнус', 'Современный'],
      ['Облако', 'Минимализм'],
      ['Морфей', 'Классика'],
    ],
  },
  {
    slug: 'anatolia-carpets',
    name: 'Anatolia Carpets',
    country: 'Турция',
    groups: ['rugs', 'textile'],
    collections: [
      ['Каппадокия', 'Классика'],
      ['Измир', 'Бохо'],
      ['Эфес', 'Современный'],
    ],
  },
  {
    slug: 'belyy-zhuravl',
    name: 'Белый журавль',
    country: 'Россия',
    groups: ['tableware', 'decor'],
    collections: [
      ['Белые ночи', 'Классика'],
      ['Нева', 'Минимализм'],
      ['Фонтанка', 'Неоклассика'],
    ],
  },
  {
    slug: 'kessler',
    name: 'Kessler',
    country: 'Германия',
    groups: ['appliances', 'cookware'],
    collections: [
      ['Профи', 'Современный'],
      ['Эко', 'Минимализм'],
    ],
  },
  {
    slug: 'domoteka',
    name: 'Домотека',
    country: 'Китай',
    groups: ['appliances', 'cookware', 'decor', 'lighting'],
    collections: [
      ['Смарт', 'Современный'],
      ['Комфорт', 'Минимализм'],
      ['Сакура', 'Бохо'],
    ],
  },
  {
    slug: 'aqua-forma',
    name: 'Aqua Forma',
    country: 'Чехия',
    groups: ['sanitary'],
    collections: [
      ['Прага', 'Современный'],
      ['Карловы Вары', 'Классика'],
      ['Влтава', 'Минимализм'],
    ],
  },
  {
    slug: 'luce-viva',
    name: 'Luce Viva',
    country: 'Италия',
    groups: ['lighting', 'decor'],
    collections: [
      ['Лучия', 'Неоклассика'],
      ['Милано', 'Современный'],
      ['Белладжо', 'Классика'],
    ],
  },
  {
    slug: 'nordlicht',
    name: 'Nordlicht',
    country: 'Германия',
    groups: ['lighting', 'decor', 'sanitary'],
    collections: [
      ['Фьорд', 'Скандинавский'],
      ['Линия', 'Минимализм'],
    ],
  },
  {
    slug: 'maison-lavande',
    name: 'Maison Lavande',
    country: 'Франция',
    groups: ['textile', 'decor', 'tableware'],
    collections: [
      ['Лаванда', 'Прованс'],
      ['Экс', 'Прованс'],
      ['Арль', 'Бохо'],
    ],
  },
  {
    slug: 'ivanovskiy-len',
    name: 'Ивановский лён',
    country: 'Россия',
    groups: ['textile', 'sleep'],
    collections: [
      ['Плёс', 'Скандинавский'],
      ['Шуя', 'Прованс'],
      ['Кинешма', 'Минимализм'],
    ],
  },
  {
    slug: 'dacha-komfort',
    name: 'Дача Комфорт',
    country: 'Россия',
    groups: ['outdoor', 'decor'],
    collections: [
      ['Репино', 'Прованс'],
      ['Комарово', 'Скандинавский'],
      ['Зеленогорск', 'Современный'],
    ],
  },
  {
    slug: 'kuala-home',
    name: 'Kuala Home',
    country: 'Малайзия',
    groups: ['soft', 'outdoor', 'rugs'],
    collections: [
      ['Селангор', 'Бохо'],
      ['Малакка', 'Современный'],
    ],
  },
];

const WOOD_COLOURS = ['Натуральный дуб', 'Орех', 'Белый', 'Графит', 'Венге', 'Светлый ясень'] as const;
const SOFT_COLOURS = [
  'Графит',
  'Бежевый',
  'Серый',
  'Изумрудный',
  'Терракотовый',
  'Молочный',
  'Синий',
  'Оливковый',
] as const;
const TEXTILE_COLOURS = [
  'Белый',
  'Молочный',
  'Серый',
  'Лавандовый',
  'Пудровый',
  'Шалфей',
  'Бежевый',
] as const;
const METAL_COLOURS = ['Чёрный', 'Латунь', 'Белый', 'Хром', 'Бронза'] as const;
const SOFT_MATERIALS = ['Велюр', 'Рогожка', 'Экокожа', 'Шенилл', 'Букле', 'Натуральная кожа'] as const;
const CABINET_MATERIALS = [
  'Массив дуба',
  'Массив сосны',
  'МДФ',
  'ЛДСП',
  'Шпон ореха',
  'Массив берёзы',
] as const;

const SOFA: DemoProductTemplate = {
  kind: 'sofa',
  group: 'soft',
  items: [
    ['Диван', ['трёхместный', 'двухместный', 'прямой', 'модульный']],
    ['Диван-кровать', ['трёхместный', 'двухместный', 'с ящиком для белья']],
  ],
  materials: SOFT_MATERIALS,
  colours: SOFT_COLOURS,
  price: [39_990, 219_990],
  width: [160, 260],
  depth: [85, 105],
  height: [78, 95],
  weight: [45, 120],
  boxes: [1, 3],
  about: [
    'удобная модель для ежедневного отдыха, вечеров с книгой и приёма гостей.',
    'глубокая посадка и мягкие подушки, на которых приятно провести весь вечер.',
    'центр гостиной, вокруг которого легко собрать остальную обстановку.',
  ],
  rooms: ['gostinaya'],
  share: 3,
};

const CORNER_SOFA: DemoProductTemplate = {
  ...SOFA,
  items: [
    ['Угловой диван', ['левый', 'правый', 'с оттоманкой', 'модульный']],
    ['Угловой диван-кровать', ['левый', 'правый', 'с ящиком для белья']],
  ],
  price: [69_990, 289_990],
  width: [230, 320],
  depth: [150, 190],
  share: 2,
};

const SOFA_BED: DemoProductTemplate = {
  ...SOFA,
  items: [
    ['Диван-кровать', ['еврокнижка', 'аккордеон', 'дельфин', 'с ящиком для белья']],
    ['Софа', ['раскладная', 'с подлокотниками']],
  ],
  price: [34_990, 149_990],
  about: [
    'днём удобный диван, ночью полноценное спальное место.',
    'простой механизм трансформации раскладывается за несколько секунд.',
    'выручит в небольшой квартире и при приезде гостей.',
  ],
  rooms: ['gostinaya', 'detskaya'],
  share: 2,
};

const ARMCHAIR: DemoProductTemplate = {
  kind: 'armchair',
  group: 'soft',
  items: [
    ['Кресло', ['мягкое', 'на деревянных ножках', 'с высокой спинкой', 'вращающееся']],
    ['Кресло-качалка', []],
    ['Кресло для отдыха', ['с подставкой для ног']],
  ],
  materials: SOFT_MATERIALS,
  colours: SOFT_COLOURS,
  price: [14_990, 89_990],
  width: [65, 95],
  depth: [70, 95],
  height: [75, 110],
  weight: [14, 35],
  boxes: [1, 1],
  about: [
    'уютное место для чтения и вечернего чая.',
    'поддерживает спину и плечи, поэтому в нём легко просидеть весь вечер.',
    'самостоятельный акцент комнаты и отличная пара к дивану.',
  ],
  rooms: ['gostinaya', 'spalnya', 'kabinet'],
  share: 3,
};

const POUF: DemoProductTemplate = {
  kind: 'armchair',
  group: 'soft',
  items: [
    ['Пуф', ['круглый', 'с ящиком для хранения', 'квадратный']],
    ['Банкетка', ['мягкая', 'с ящиком для обуви']],
  ],
  materials: SOFT_MATERIALS,
  colours: SOFT_COLOURS,
  price: [4_990, 29_990],
  width: [40, 120],
  depth: [35, 50],
  height: [40, 48],
  weight: [5, 18],
  boxes: [1, 1],
  about: [
    'лёгкое дополнительное сиденье, которое легко переставить.',
    'спрячет мелочи и станет удобной подставкой для ног.',
  ],
  rooms: ['prihozhaya', 'gostinaya', 'spalnya'],
  share: 1,
};

const DINING_TABLE: DemoProductTemplate = {
  kind: 'table',
  group: 'cabinet',
  items: [
    ['Обеденный стол', ['раздвижной', 'круглый', 'прямоугольный', 'овальный']],
    ['Стол', ['обеденный раздвижной', 'кухонный']],
  ],
  materials: ['Массив дуба', 'Массив ясеня', 'Шпон ореха', 'Керамогранит', 'Стекло', 'МДФ'],
  colours: WOOD_COLOURS,
  price: [19_990, 149_990],
  width: [90, 220],
  depth: [80, 110],
  height: [74, 77],
  weight: [25, 80],
  boxes: [1, 2],
  about: [
    'собирает за собой всю семью на завтраки и праздничные ужины.',
    'просторная столешница вмещает сервировку на шесть персон.',
  ],
  rooms: ['kuhnya-i-stolovaya'],
  share: 2,
};

const CHAIR: DemoProductTemplate = {
  kind: 'chair',
  group: 'cabinet',
  items: [
    ['Стул', ['с мягким сиденьем', 'обеденный', 'полубарный']],
    ['Стул-кресло', ['с подлокотниками']],
    ['Барный стул', ['с подставкой для ног']],
  ],
  materials: ['Массив бука', 'Металл', 'Велюр', 'Рогожка', 'Экокожа', 'Пластик'],
  colours: SOFT_COLOURS,
  price: [3_990, 24_990],
  width: [42, 60],
  depth: [48, 60],
  height: [78, 105],
  weight: [5, 12],
  boxes: [1, 1],
  about: [
    'удобная посадка и спинка правильного наклона для долгих разговоров за столом.',
    'лёгкий и устойчивый, легко переставляется по комнате.',
  ],
  rooms: ['kuhnya-i-stolovaya', 'kabinet'],
  share: 2,
};

const COFFEE_TABLE: DemoProductTemplate = {
  kind: 'coffee-table',
  group: 'cabinet',
  items: [
    ['Журнальный столик', ['круглый', 'прямоугольный', 'на колёсах', 'с полкой']],
    ['Кофейный столик', ['двухъярусный', 'овальный']],
    ['Приставной столик', []],
  ],
  materials: ['Массив дуба', 'Шпон ореха', 'Мрамор', 'Стекло', 'Металл', 'МДФ'],
  colours: WOOD_COLOURS,
  price: [6_990, 59_990],
  width: [45, 120],
  depth: [45, 70],
  height: [35, 55],
  weight: [8, 30],
  boxes: [1, 1],
  about: [
    'место для книг, чашки кофе и пульта рядом с диваном.',
    'компактная модель, которая завершит зону отдыха.',
  ],
  rooms: ['gostinaya'],
  share: 2,
};

const CONSOLE: DemoProductTemplate = {
  kind: 'console',
  group: 'cabinet',
  items: [
    ['Консоль', ['с ящиками', 'пристенная', 'узкая', 'с полкой']],
    ['Консольный стол', ['с двумя ящиками']],
  ],
  materials: ['Массив дуба', 'Шпон ореха', 'Металл', 'МДФ', 'Мрамор'],
  colours: WOOD_COLOURS,
  price: [12_990, 79_990],
  width: [80, 160],
  depth: [30, 40],
  height: [75, 85],
  weight: [12, 35],
  boxes: [1, 1],
  about: [
    'узкая форма оживит прихожую или стену за диваном, не отнимая места.',
    'поставьте на неё лампу, вазу и ключницу — и прихожая станет уютнее.',
  ],
  rooms: ['prihozhaya', 'gostinaya'],
  share: 1,
};

const DRESSER: DemoProductTemplate = {
  kind: 'dresser',
  group: 'cabinet',
  items: [
    ['Комод', ['с четырьмя ящиками', 'с тремя ящиками', 'широкий', 'высокий']],
    ['Комод-пеленальник', []],
  ],
  materials: CABINET_MATERIALS,
  colours: WOOD_COLOURS,
  price: [14_990, 99_990],
  width: [60, 160],
  depth: [40, 50],
  height: [75, 120],
  weight: [30, 80],
  boxes: [1, 3],
  about: [
    'вместительные ящики на плавных направляющих хранят одежду и бельё в порядке.',
    'столешница комода — готовая витрина для фотографий и декора.',
  ],
  rooms: ['spalnya', 'detskaya', 'gostinaya'],
  share: 2,
};

const WARDROBE: DemoProductTemplate = {
  kind: 'wardrobe',
  group: 'cabinet',
  items: [
    ['Шкаф', ['распашной двухдверный', 'распашной трёхдверный', 'с зеркалом']],
    ['Шкаф-купе', ['двухдверный', 'трёхдверный', 'с зеркалом']],
  ],
  materials: CABINET_MATERIALS,
  colours: WOOD_COLOURS,
  price: [24_990, 159_990],
  width: [90, 240],
  depth: [45, 62],
  height: [200, 240],
  weight: [80, 200],
  boxes: [2, 5],
  about: [
    'продуманное наполнение со штангой, полками и ящиками вмещает гардероб всей семьи.',
    'высокий корпус использует пространство до самого потолка.',
  ],
  rooms: ['spalnya', 'prihozhaya'],
  share: 2,
};

const SHELF: DemoProductTemplate = {
  kind: 'shelf',
  group: 'cabinet',
  items: [
    ['Стеллаж', ['открытый', 'узкий', 'лестница', 'пятиярусный']],
    ['Книжный шкаф', ['со стеклянными дверцами']],
    ['Полка', ['настенная']],
  ],
  materials: ['Массив сосны', 'Металл', 'МДФ', 'ЛДСП', 'Массив дуба'],
  colours: WOOD_COLOURS,
  price: [4_990, 49_990],
  width: [40, 160],
  depth: [25, 40],
  height: [80, 200],
  weight: [10, 50],
  boxes: [1, 2],
  about: [
    'книги, коробки и растения займут на нём свои места.',
    'лёгкий открытый силуэт зонирует комнату и не перегружает интерьер.',
  ],
  rooms: ['gostinaya', 'kabinet', 'detskaya'],
  share: 2,
};

const TV_STAND: DemoProductTemplate = {
  kind: 'console',
  group: 'cabinet',
  items: [
    ['Тумба под ТВ', ['подвесная', 'напольная', 'с ящиками', 'длинная']],
    ['ТВ-тумба', ['с откидными дверцами']],
  ],
  materials: CABINET_MATERIALS,
  colours: WOOD_COLOURS,
  price: [9_990, 69_990],
  width: [120, 220],
  depth: [35, 45],
  height: [40, 60],
  weight: [20, 60],
  boxes: [1, 2],
  about: [
    'выдерживает телевизор до 75 дюймов и прячет провода и приставки.',
    'низкий силуэт визуально расширяет гостиную.',
  ],
  rooms: ['gostinaya'],
  share: 1,
};

const BED: DemoProductTemplate = {
  kind: 'bed',
  group: 'sleep',
  items: [
    ['Кровать', ['двуспальная 160 × 200', 'двуспальная 180 × 200', 'с мягким изголовьем', 'с ящиками']],
    ['Кровать с подъёмным механизмом', ['160 × 200', '180 × 200']],
  ],
  materials: ['Массив дуба', 'Массив сосны', 'Велюр', 'Рогожка', 'Экокожа', 'МДФ'],
  colours: [...WOOD_COLOURS.slice(0, 4), 'Бежевый', 'Серый'],
  price: [29_990, 189_990],
  width: [170, 200],
  depth: [205, 225],
  height: [90, 125],
  weight: [50, 130],
  boxes: [2, 4],
  about: [
    'прочное основание с ортопедическими ламелями продлевает жизнь матраса.',
    'мягкое изголовье, на которое удобно опереться с книгой перед сном.',
    'спокойная форма, с которой спальня сразу выглядит собранной.',
  ],
  rooms: ['spalnya'],
  share: 3,
};

const SINGLE_BED: DemoProductTemplate = {
  ...BED,
  items: [
    ['Кровать', ['односпальная 90 × 200', 'полутороспальная 120 × 200', 'с бортиком']],
    ['Детская кровать', ['80 × 160', 'с ящиком']],
  ],
  price: [12_990, 69_990],
  width: [85, 130],
  depth: [165, 210],
  height: [70, 100],
  weight: [25, 60],
  rooms: ['spalnya', 'detskaya'],
  share: 2,
};

const MATTRESS: DemoProductTemplate = {
  kind: 'mattress',
  group: 'sleep',
  items: [
    ['Матрас', ['160 × 200', '180 × 200', '140 × 200', '90 × 200']],
    ['Ортопедический матрас', ['160 × 200', '180 × 200']],
  ],
  materials: ['Независимые пружины', 'Пена с памятью', 'Кокосовая койра', 'Латекс', 'Ортопедическая пена'],
  colours: ['Белый', 'Молочный', 'Серый'],
  price: [12_990, 119_990],
  width: [90, 180],
  depth: [200, 200],
  height: [18, 32],
  weight: [15, 45],
  boxes: [1, 1],
  about: [
    'поддерживает позвоночник в правильном положении всю ночь.',
    'двусторонняя конструкция: сторона средней жёсткости и более мягкая летняя.',
    'съёмный чехол на молнии легко стирать.',
  ],
  rooms: ['spalnya', 'detskaya'],
  share: 3,
};

const PILLOW: DemoProductTemplate = {
  kind: 'pillow',
  group: 'sleep',
  items: [
    ['Подушка', ['анатомическая', 'для сна 50 × 70', 'для сна 70 × 70', 'с эффектом памяти']],
    ['Подушка для беременных', []],
  ],
  materials: ['Пена с памятью', 'Лебяжий пух', 'Бамбуковое волокно', 'Гусиный пух', 'Латекс'],
  colours: ['Белый', 'Молочный'],
  price: [1_490, 9_990],
  width: [40, 70],
  depth: [40, 70],
  height: [10, 16],
  weight: [1, 3],
  boxes: [1, 1],
  about: ['держит форму и поддерживает шею во время сна.', 'гипоаллергенный наполнитель не собирает пыль.'],
  rooms: ['spalnya'],
  share: 1,
};

const BLANKET: DemoProductTemplate = {
  kind: 'textile',
  group: 'sleep',
  items: [
    ['Одеяло', ['всесезонное', 'тёплое', 'лёгкое летнее', 'евро 200 × 220']],
    ['Одеяло двуспальное', ['всесезонное']],
  ],
  materials: ['Гусиный пух', 'Шерсть мериноса', 'Бамбуковое волокно', 'Хлопок', 'Лебяжий пух'],
  colours: ['Белый', 'Молочный'],
  price: [2_490, 19_990],
  width: [140, 220],
  depth: [200, 240],
  height: [2, 6],
  weight: [1, 4],
  boxes: [1, 1],
  about: ['дышит и сохраняет тепло без перегрева.', 'выдерживает стирку при 40 градусах.'],
  rooms: ['spalnya'],
  share: 1,
};

const BEDDING: DemoProductTemplate = {
  kind: 'textile',
  group: 'textile',
  items: [
    ['Комплект постельного белья', ['евро', 'двуспальный', 'полутораспальный', 'семейный']],
    ['Простыня на резинке', ['160 × 200']],
  ],
  materials: ['Сатин', 'Перкаль', 'Лён', 'Поплин', 'Тенсел'],
  colours: TEXTILE_COLOURS,
  price: [2_490, 14_990],
  width: [150, 220],
  depth: [200, 240],
  height: [5, 10],
  weight: [1, 3],
  boxes: [1, 1],
  about: [
    'приятная на ощупь ткань становится только мягче после стирок.',
    'плотное плетение нитей и стойкие красители.',
  ],
  rooms: ['spalnya'],
  share: 2,
};

const CURTAINS: DemoProductTemplate = {
  kind: 'textile',
  group: 'textile',
  items: [
    ['Шторы', ['блэкаут на ленте', 'на люверсах', 'двойные']],
    ['Тюль', ['на ленте', 'с утяжелителем']],
  ],
  materials: ['Лён', 'Хлопок', 'Полиэстер', 'Сатин'],
  colours: TEXTILE_COLOURS,
  price: [1_990, 17_990],
  width: [140, 300],
  depth: [1, 2],
  height: [250, 290],
  weight: [1, 4],
  boxes: [1, 1],
  about: ['мягко рассеивает дневной свет и защищает от взглядов с улицы.', 'комплект из двух полотен.'],
  rooms: ['gostinaya', 'spalnya', 'detskaya'],
  share: 2,
};

const THROW: DemoProductTemplate = {
  kind: 'textile',
  group: 'textile',
  items: [
    ['Плед', ['вязаный', 'двусторонний', 'с бахромой', '130 × 170']],
    ['Покрывало', ['стёганое', 'двустороннее']],
  ],
  materials: ['Шерсть', 'Хлопок', 'Акрил', 'Кашемир', 'Велсофт'],
  colours: TEXTILE_COLOURS,
  price: [1_990, 12_990],
  width: [130, 240],
  depth: [170, 260],
  height: [1, 3],
  weight: [1, 3],
  boxes: [1, 1],
  about: [
    'согреет прохладным вечером и оживит диван фактурой.',
    'крупная вязка выглядит уютно в любом сезоне.',
  ],
  rooms: ['gostinaya', 'spalnya'],
  share: 2,
};

const CUSHION: DemoProductTemplate = {
  kind: 'pillow',
  group: 'textile',
  items: [
    ['Декоративная подушка', ['45 × 45', '30 × 50', 'с вышивкой', 'с бахромой']],
    ['Чехол для подушки', ['45 × 45']],
  ],
  materials: ['Бархат', 'Лён', 'Хлопок', 'Букле', 'Жаккард'],
  colours: TEXTILE_COLOURS,
  price: [990, 4_990],
  width: [30, 50],
  depth: [30, 50],
  height: [10, 15],
  weight: [1, 1],
  boxes: [1, 1],
  about: [
    'простой способ обновить диван или кровать без перестановки.',
    'чехол снимается на потайной молнии.',
  ],
  rooms: ['gostinaya', 'spalnya'],
  share: 1,
};

const TOWELS: DemoProductTemplate = {
  kind: 'textile',
  group: 'textile',
  items: [
    ['Полотенце', ['банное 70 × 140', 'для лица 50 × 90', 'для рук 30 × 50']],
    ['Набор полотенец', ['из трёх штук']],
  ],
  materials: ['Хлопок', 'Бамбуковое волокно', 'Лён', 'Вафельное полотно'],
  colours: TEXTILE_COLOURS,
  price: [690, 5_990],
  width: [30, 100],
  depth: [50, 160],
  height: [1, 2],
  weight: [1, 2],
  boxes: [1, 1],
  about: ['быстро впитывает влагу и остаётся мягким.', 'плотность 500 г/м² — как в хороших отелях.'],
  rooms: ['vannaya'],
  share: 1,
};

const TABLECLOTH: DemoProductTemplate = {
  kind: 'textile',
  group: 'textile',
  items: [
    ['Скатерть', ['прямоугольная 150 × 220', 'круглая', 'с кружевом']],
    ['Набор салфеток', ['из четырёх штук']],
  ],
  materials: ['Лён', 'Хлопок', 'Полухлопок', 'Жаккард'],
  colours: TEXTILE_COLOURS,
  price: [990, 6_990],
  width: [40, 150],
  depth: [40, 260],
  height: [1, 1],
  weight: [1, 2],
  boxes: [1, 1],
  about: [
    'пропитка защищает от пятен, а ткань не требует глажки.',
    'создаёт праздничное настроение к ужину.',
  ],
  rooms: ['kuhnya-i-stolovaya'],
  share: 1,
};

const RUG: DemoProductTemplate = {
  kind: 'rug',
  group: 'rugs',
  items: [
    ['Ковёр', ['160 × 230', '200 × 300', '240 × 340', 'круглый 200']],
    ['Ковёр ручной работы', ['160 × 230', '200 × 300']],
  ],
  materials: ['Шерсть', 'Вискоза', 'Полипропилен', 'Джут', 'Хлопок'],
  colours: ['Бежевый', 'Серый', 'Терракотовый', 'Синий', 'Молочный', 'Графит'],
  price: [7_990, 129_990],
  width: [160, 240],
  depth: [200, 340],
  height: [1, 3],
  weight: [5, 30],
  boxes: [1, 1],
  about: [
    'плотный ворс приглушает шаги и делает комнату тише.',
    'мягкий под ногами и держит форму годами.',
    'спокойный орнамент собирает в единое целое мебель и текстиль.',
  ],
  rooms: ['gostinaya', 'spalnya'],
  share: 3,
};

const RUNNER: DemoProductTemplate = {
  ...RUG,
  items: [
    ['Ковровая дорожка', ['80 × 200', '80 × 300', '100 × 400']],
    ['Коврик', ['придверный', 'для ванной', '60 × 90']],
  ],
  price: [990, 19_990],
  width: [50, 100],
  depth: [80, 400],
  weight: [1, 8],
  rooms: ['prihozhaya', 'vannaya'],
  share: 2,
};

const KIDS_RUG: DemoProductTemplate = {
  ...RUG,
  items: [['Детский ковёр', ['120 × 170', '160 × 230', 'круглый 150', 'игровой']]],
  materials: ['Хлопок', 'Полипропилен', 'Шерсть'],
  colours: ['Мятный', 'Пудровый', 'Голубой', 'Серый', 'Бежевый'],
  price: [3_990, 24_990],
  width: [120, 160],
  depth: [150, 230],
  rooms: ['detskaya'],
  share: 1,
};

const BATH: DemoProductTemplate = {
  kind: 'bath',
  group: 'sanitary',
  items: [
    ['Ванна', ['170 × 75', 'отдельностоящая', 'пристенная 170 × 70']],
    ['Душевой поддон', ['90 × 90']],
  ],
  materials: ['Акрил', 'Чугун', 'Литьевой мрамор', 'Кварил'],
  colours: ['Белый', 'Матовый белый', 'Чёрный'],
  price: [19_990, 189_990],
  width: [90, 180],
  depth: [70, 90],
  height: [15, 65],
  weight: [20, 120],
  boxes: [1, 1],
  about: ['глубокая чаша позволяет погрузиться в воду по плечи.', 'гладкая поверхность легко моется.'],
  rooms: ['vannaya'],
  share: 1,
};

const SINK: DemoProductTemplate = {
  kind: 'sink',
  group: 'sanitary',
  items: [
    ['Раковина', ['накладная', 'подвесная', 'встраиваемая', 'угловая']],
    ['Раковина-чаша', ['круглая']],
  ],
  materials: ['Санфаянс', 'Литьевой мрамор', 'Керамика', 'Искусственный камень'],
  colours: ['Белый', 'Матовый белый', 'Чёрный', 'Серый'],
  price: [3_990, 39_990],
  width: [40, 90],
  depth: [35, 50],
  height: [12, 20],
  weight: [5, 25],
  boxes: [1, 1],
  about: ['аккуратная чаша с антибрызговым бортиком.', 'глазурь не впитывает загрязнения и легко моется.'],
  rooms: ['vannaya'],
  share: 1,
};

const TAP: DemoProductTemplate = {
  kind: 'sink',
  group: 'sanitary',
  items: [
    ['Смеситель', ['для раковины', 'для ванны с душем', 'термостатический', 'для кухни']],
    ['Душевая система', ['с тропическим душем']],
  ],
  materials: ['Латунь', 'Нержавеющая сталь'],
  colours: METAL_COLOURS,
  price: [3_990, 44_990],
  width: [15, 40],
  depth: [10, 30],
  height: [15, 120],
  weight: [1, 6],
  boxes: [1, 1],
  about: ['керамический картридж рассчитан на 500 000 циклов.', 'аэратор экономит воду без потери напора.'],
  rooms: ['vannaya', 'kuhnya-i-stolovaya'],
  share: 1,
};

const BATH_FURNITURE: DemoProductTemplate = {
  kind: 'dresser',
  group: 'sanitary',
  items: [
    ['Тумба под раковину', ['подвесная 60 см', 'напольная 80 см']],
    ['Пенал для ванной', ['подвесной']],
    ['Зеркальный шкаф', ['с подсветкой'], [5_990, 24_990]],
  ],
  materials: ['Влагостойкий МДФ', 'Пластик', 'Массив тика'],
  colours: ['Белый', 'Натуральный дуб', 'Графит'],
  price: [7_990, 59_990],
  width: [35, 100],
  depth: [15, 48],
  height: [50, 170],
  weight: [10, 40],
  boxes: [1, 2],
  about: ['влагостойкое покрытие не боится пара и брызг.', 'доводчики закрывают дверцы тихо и плавно.'],
  rooms: ['vannaya'],
  share: 1,
};

const CHANDELIER: DemoProductTemplate = {
  kind: 'chandelier',
  group: 'lighting',
  items: [
    ['Люстра', ['потолочная', 'подвесная на пять плафонов', 'светодиодная', 'подвесная']],
    ['Подвесной светильник', ['над столом']],
  ],
  materials: ['Металл', 'Стекло', 'Хрусталь', 'Латунь', 'Ротанг'],
  colours: METAL_COLOURS,
  price: [5_990, 89_990],
  width: [30, 90],
  depth: [30, 90],
  height: [30, 120],
  weight: [2, 15],
  boxes: [1, 1],
  about: [
    'ровный тёплый свет на всю комнату.',
    'регулируемый подвес позволяет выбрать высоту над столом.',
    'совместима с диммером и светодиодными лампами.',
  ],
  rooms: ['gostinaya', 'spalnya', 'kuhnya-i-stolovaya'],
  share: 2,
};

const FLOOR_LAMP: DemoProductTemplate = {
  kind: 'lamp',
  group: 'lighting',
  items: [
    ['Торшер', ['с тканевым абажуром', 'дуговой', 'с полкой', 'трипод']],
    ['Напольный светильник', []],
  ],
  materials: ['Металл', 'Массив дуба', 'Лён', 'Латунь'],
  colours: METAL_COLOURS,
  price: [4_990, 39_990],
  width: [30, 50],
  depth: [30, 50],
  height: [140, 185],
  weight: [3, 12],
  boxes: [1, 1],
  about: ['мягкий свет для чтения в кресле.', 'создаёт вечерний сценарий освещения без верхнего света.'],
  rooms: ['gostinaya', 'spalnya'],
  share: 1,
};

const TABLE_LAMP: DemoProductTemplate = {
  kind: 'lamp',
  group: 'lighting',
  items: [
    ['Настольная лампа', ['с абажуром', 'на прищепке', 'с сенсорным выключателем']],
    ['Светильник', ['настольный', 'ночник']],
  ],
  materials: ['Керамика', 'Металл', 'Стекло', 'Лён', 'Бетон'],
  colours: [...METAL_COLOURS, 'Молочный', 'Шалфей'],
  price: [1_990, 19_990],
  width: [15, 40],
  depth: [15, 40],
  height: [30, 65],
  weight: [1, 5],
  boxes: [1, 1],
  about: [
    'тёплый свет для рабочего стола или прикроватной тумбы.',
    'тканевый провод и аккуратный выключатель.',
  ],
  rooms: ['spalnya', 'kabinet', 'detskaya'],
  share: 1,
};

const WALL_LAMP: DemoProductTemplate = {
  ...TABLE_LAMP,
  items: [
    ['Бра', ['настенное', 'с поворотным плафоном', 'двойное']],
    ['Настенный светильник', ['светодиодный']],
  ],
  height: [20, 45],
  rooms: ['spalnya', 'prihozhaya', 'vannaya'],
  share: 1,
};

const VASE: DemoProductTemplate = {
  kind: 'vase',
  group: 'decor',
  items: [
    ['Ваза', ['напольная', 'настольная', 'для цветов', 'декоративная']],
    ['Кашпо', ['на подставке', 'подвесное']],
  ],
  materials: ['Керамика', 'Стекло', 'Фарфор', 'Гипс', 'Металл'],
  colours: ['Белый', 'Молочный', 'Терракотовый', 'Шалфей', 'Графит', 'Янтарный'],
  price: [990, 14_990],
  width: [10, 40],
  depth: [10, 40],
  height: [15, 80],
  weight: [1, 6],
  boxes: [1, 1],
  about: ['хороша и с букетом, и сама по себе.', 'ручная глазурь делает каждый экземпляр немного особенным.'],
  rooms: ['gostinaya', 'spalnya', 'kuhnya-i-stolovaya'],
  share: 2,
};

const FIGURINE: DemoProductTemplate = {
  ...VASE,
  items: [
    ['Статуэтка', ['абстрактная', 'настольная'], [990, 7_990]],
    ['Декоративная фигура', ['настольная'], [1_490, 9_990]],
    ['Подсвечник', ['на три свечи', 'настольный'], [790, 4_990]],
    ['Ароматическая свеча', ['в стакане'], [590, 2_490]],
  ],
  price: [590, 9_990],
  share: 2,
};

const FLOWERS: DemoProductTemplate = {
  kind: 'plant',
  group: 'decor',
  items: [
    ['Искусственное растение', ['в кашпо', 'оливковое дерево', 'монстера'], [1_990, 19_990]],
    ['Букет', ['из сухоцветов', 'из искусственных пионов'], [790, 4_990]],
  ],
  materials: ['Полиэстер', 'Текстиль', 'Пластик', 'Керамика'],
  colours: ['Зелёный', 'Оливковый', 'Пудровый', 'Бежевый'],
  price: [790, 19_990],
  width: [15, 80],
  depth: [15, 80],
  height: [30, 180],
  weight: [1, 8],
  boxes: [1, 1],
  about: [
    'не требует полива и круглый год выглядит свежо.',
    'оживит угол, где живым растениям не хватит света.',
  ],
  rooms: ['gostinaya', 'kabinet', 'prihozhaya'],
  share: 1,
};

const MIRROR: DemoProductTemplate = {
  kind: 'mirror',
  group: 'decor',
  items: [
    ['Зеркало', ['настенное', 'напольное', 'круглое', 'в раме', 'с подсветкой']],
    ['Зеркало-солнце', []],
  ],
  materials: ['Металл', 'Массив дуба', 'Ротанг', 'МДФ', 'Латунь'],
  colours: [...METAL_COLOURS, 'Натуральный дуб'],
  price: [2_990, 49_990],
  width: [40, 100],
  depth: [2, 6],
  height: [50, 190],
  weight: [3, 25],
  boxes: [1, 1],
  about: [
    'визуально расширяет пространство и добавляет света.',
    'крепления для вертикального и горизонтального монтажа.',
  ],
  rooms: ['prihozhaya', 'spalnya', 'vannaya'],
  share: 2,
};

const CLOCK: DemoProductTemplate = {
  kind: 'clock',
  group: 'decor',
  items: [
    ['Настенные часы', ['бесшумные', 'круглые', 'большие']],
    ['Настольные часы', []],
  ],
  materials: ['Металл', 'Массив дуба', 'Стекло', 'МДФ'],
  colours: METAL_COLOURS,
  price: [1_490, 14_990],
  width: [20, 70],
  depth: [4, 8],
  height: [20, 70],
  weight: [1, 4],
  boxes: [1, 1],
  about: ['плавный ход механизма без тиканья.', 'крупный циферблат хорошо читается издалека.'],
  rooms: ['gostinaya', 'kuhnya-i-stolovaya', 'kabinet'],
  share: 1,
};

const ARTWORK: DemoProductTemplate = {
  kind: 'frame',
  group: 'decor',
  items: [
    ['Постер', ['в раме 50 × 70', 'в раме 30 × 40'], [1_490, 6_990]],
    ['Картина', ['на холсте', 'в деревянной раме'], [4_990, 29_990]],
    ['Фоторамка', ['настольная', 'для коллажа'], [590, 2_990]],
  ],
  materials: ['Холст', 'Бумага', 'Массив сосны', 'Алюминий'],
  colours: ['Белый', 'Чёрный', 'Натуральный дуб', 'Латунь'],
  price: [790, 24_990],
  width: [20, 100],
  depth: [2, 4],
  height: [25, 120],
  weight: [1, 6],
  boxes: [1, 1],
  about: ['готов к размещению на стене: петли уже закреплены.', 'музейное стекло без бликов.'],
  rooms: ['gostinaya', 'spalnya', 'kabinet'],
  share: 1,
};

const PLATES: DemoProductTemplate = {
  kind: 'tableware',
  group: 'tableware',
  items: [
    ['Тарелка', ['обеденная', 'десертная', 'глубокая'], [490, 2_990]],
    ['Набор тарелок', ['на шесть персон', 'из четырёх предметов'], [2_990, 12_990]],
    ['Столовый сервиз', ['на шесть персон'], [9_990, 39_990]],
  ],
  materials: ['Фарфор', 'Костяной фарфор', 'Керамика', 'Каменная керамика'],
  colours: ['Белый', 'Молочный', 'Графит', 'Шалфей', 'Голубой'],
  price: [490, 24_990],
  width: [8, 32],
  depth: [8, 32],
  height: [2, 24],
  weight: [1, 12],
  boxes: [1, 1],
  about: [
    'можно мыть в посудомоечной машине и ставить в микроволновую печь.',
    'прочная глазурь не боится ножей.',
  ],
  rooms: ['kuhnya-i-stolovaya'],
  share: 2,
};

const GLASSES: DemoProductTemplate = {
  ...PLATES,
  items: [
    ['Набор бокалов', ['для вина', 'для шампанского', 'из шести штук'], [1_990, 9_990]],
    ['Стакан', ['высокий', 'для воды'], [290, 990]],
    ['Графин', [], [990, 4_990]],
  ],
  materials: ['Стекло', 'Хрусталь', 'Боросиликатное стекло'],
  colours: ['Прозрачный', 'Дымчатый', 'Янтарный'],
  share: 1,
};

const TEA: DemoProductTemplate = {
  ...PLATES,
  items: [
    ['Чайная пара', ['с блюдцем'], [690, 2_990]],
    ['Чайный сервиз', ['на шесть персон'], [5_990, 24_990]],
    ['Заварочный чайник', ['с ситечком'], [1_490, 5_990]],
    ['Кружка', ['большая'], [490, 1_990]],
  ],
  share: 1,
};

const PANS: DemoProductTemplate = {
  kind: 'cookware',
  group: 'cookware',
  items: [
    ['Сковорода', ['24 см', '28 см', 'гриль', 'с антипригарным покрытием']],
    ['Сотейник', ['с крышкой']],
    ['Вок', ['30 см']],
  ],
  materials: ['Чугун', 'Алюминий', 'Нержавеющая сталь', 'Кованый алюминий'],
  colours: ['Чёрный', 'Графит', 'Серебристый'],
  price: [1_490, 14_990],
  width: [24, 50],
  depth: [24, 30],
  height: [5, 12],
  weight: [1, 4],
  boxes: [1, 1],
  about: ['подходит для всех плит, включая индукционные.', 'толстое дно равномерно распределяет тепло.'],
  rooms: ['kuhnya-i-stolovaya'],
  share: 2,
};

const POTS: DemoProductTemplate = {
  ...PANS,
  items: [
    ['Кастрюля', ['3 л', '5 л', 'с крышкой']],
    ['Набор кастрюль', ['из трёх предметов']],
    ['Жаровня', ['с крышкой']],
  ],
  share: 1,
};

const KNIVES: DemoProductTemplate = {
  ...PANS,
  items: [
    ['Нож поварской', ['20 см'], [1_490, 9_990]],
    ['Набор ножей', ['на подставке'], [4_990, 29_990]],
    ['Разделочная доска', ['большая', 'с желобком'], [790, 3_490]],
  ],
  materials: ['Нержавеющая сталь', 'Дамасская сталь', 'Массив бука', 'Керамика'],
  price: [790, 19_990],
  share: 1,
};

const STORAGE_JARS: DemoProductTemplate = {
  ...PANS,
  kind: 'tableware',
  items: [
    ['Банка для сыпучих продуктов', ['стеклянная', 'с бамбуковой крышкой']],
    ['Набор контейнеров', ['из пяти штук']],
    ['Хлебница', ['деревянная']],
  ],
  materials: ['Стекло', 'Бамбук', 'Керамика', 'Пластик'],
  colours: ['Прозрачный', 'Белый', 'Натуральный'],
  price: [390, 4_990],
  share: 1,
};

const FRIDGE: DemoProductTemplate = {
  kind: 'fridge',
  group: 'appliances',
  items: [
    ['Холодильник', ['двухкамерный', 'с системой No Frost', 'Side-by-Side', 'однокамерный']],
    ['Винный шкаф', ['на 24 бутылки']],
  ],
  materials: ['Нержавеющая сталь', 'Металл', 'Стекло'],
  colours: ['Белый', 'Серебристый', 'Чёрный', 'Бежевый'],
  price: [29_990, 189_990],
  width: [55, 92],
  depth: [60, 72],
  height: [85, 200],
  weight: [40, 120],
  boxes: [1, 1],
  about: [
    'класс энергопотребления A++ и тихий инверторный компрессор.',
    'зона свежести сохраняет овощи дольше.',
  ],
  rooms: ['kuhnya-i-stolovaya'],
  share: 1,
};

const WASHER: DemoProductTemplate = {
  ...FRIDGE,
  kind: 'appliance',
  items: [
    ['Стиральная машина', ['на 7 кг', 'узкая', 'с паровой обработкой']],
    ['Сушильная машина', ['с тепловым насосом']],
  ],
  width: [60, 60],
  depth: [40, 65],
  height: [85, 85],
  weight: [55, 80],
  price: [24_990, 99_990],
  about: ['бережно стирает даже шерсть и шёлк.', 'прямой привод работает почти бесшумно.'],
  rooms: ['vannaya'],
  share: 1,
};

const DISHWASHER: DemoProductTemplate = {
  ...FRIDGE,
  kind: 'appliance',
  items: [['Посудомоечная машина', ['встраиваемая 45 см', 'встраиваемая 60 см', 'настольная']]],
  width: [45, 60],
  depth: [55, 60],
  height: [45, 82],
  weight: [25, 45],
  price: [24_990, 89_990],
  about: ['вмещает до 14 комплектов посуды.', 'экономичная программа расходует меньше 10 литров воды.'],
  share: 1,
};

const SMALL_APPLIANCE: DemoProductTemplate = {
  kind: 'appliance',
  group: 'appliances',
  items: [
    ['Кофемашина', ['автоматическая', 'рожковая'], [19_990, 89_990]],
    ['Электрочайник', ['стеклянный', 'с терморегулятором'], [1_990, 7_990]],
    ['Блендер', ['погружной', 'стационарный'], [2_990, 14_990]],
    ['Микроволновая печь', ['с грилем', 'соло'], [6_990, 24_990]],
    ['Тостер', ['на два ломтика'], [1_990, 6_990]],
  ],
  materials: ['Нержавеющая сталь', 'Пластик', 'Стекло', 'Металл'],
  colours: ['Белый', 'Чёрный', 'Серебристый', 'Бежевый', 'Мятный'],
  price: [1_990, 79_990],
  width: [15, 50],
  depth: [15, 45],
  height: [20, 45],
  weight: [1, 15],
  boxes: [1, 1],
  about: ['простое управление и понятные режимы на каждый день.', 'детали легко снимаются и моются.'],
  rooms: ['kuhnya-i-stolovaya'],
  share: 3,
};

const CLIMATE: DemoProductTemplate = {
  ...SMALL_APPLIANCE,
  items: [
    ['Пылесос', ['беспроводной', 'робот', 'вертикальный'], [9_990, 59_990]],
    ['Увлажнитель воздуха', ['ультразвуковой'], [2_990, 14_990]],
    ['Очиститель воздуха', ['с HEPA-фильтром'], [9_990, 39_990]],
  ],
  rooms: ['gostinaya', 'spalnya'],
  share: 2,
};

const OUTDOOR_SOFA: DemoProductTemplate = {
  kind: 'outdoor',
  group: 'outdoor',
  items: [
    ['Садовый диван', ['двухместный', 'трёхместный', 'модульный']],
    ['Комплект садовой мебели', ['на четыре персоны', 'с диваном']],
  ],
  materials: ['Искусственный ротанг', 'Массив акации', 'Тик', 'Алюминий', 'Массив сосны'],
  colours: ['Натуральный', 'Графит', 'Белый', 'Серый', 'Бежевый'],
  price: [19_990, 159_990],
  width: [120, 220],
  depth: [65, 90],
  height: [70, 85],
  weight: [20, 70],
  boxes: [1, 3],
  about: [
    'не боится дождя и солнца, подушки в водоотталкивающих чехлах.',
    'превращает террасу или балкон в летнюю гостиную.',
  ],
  rooms: [],
  share: 2,
};

const OUTDOOR_CHAIR: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  items: [
    ['Садовое кресло', ['складное', 'с подушкой', 'подвесное']],
    ['Кресло-шезлонг', []],
    ['Садовый стул', ['складной'], [2_990, 9_990]],
  ],
  about: [
    'лёгкое и устойчивое, его удобно переносить с террасы в сад.',
    'удобная посадка для долгих летних вечеров на свежем воздухе.',
  ],
  price: [3_990, 39_990],
  width: [55, 80],
  depth: [55, 90],
  height: [75, 110],
  weight: [4, 20],
  boxes: [1, 1],
  share: 2,
};

const OUTDOOR_TABLE: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  items: [
    ['Садовый стол', ['раздвижной', 'круглый', 'складной']],
    ['Столик для балкона', ['складной'], [2_990, 9_990]],
  ],
  about: [
    'устойчивая столешница не боится дождя и перепадов температуры.',
    'собирает всю семью за летним обедом на веранде.',
  ],
  price: [4_990, 69_990],
  width: [60, 200],
  depth: [60, 100],
  height: [70, 76],
  weight: [6, 40],
  share: 1,
};

const LOUNGER: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  items: [
    ['Шезлонг', ['на колёсах', 'регулируемый']],
    ['Лежак', ['с матрасом']],
  ],
  about: [
    'спинка фиксируется в нескольких положениях — от чтения до дневного сна.',
    'хорош у бассейна, на газоне и на просторной террасе.',
  ],
  price: [6_990, 49_990],
  width: [60, 75],
  depth: [180, 200],
  height: [30, 90],
  weight: [10, 30],
  share: 1,
};

const HAMMOCK: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  items: [
    ['Гамак', ['с каркасом', 'бразильский'], [3_990, 14_990]],
    ['Садовые качели', ['трёхместные', 'с навесом'], [19_990, 59_990]],
  ],
  about: ['место для неспешного отдыха в тени деревьев.', 'прочная конструкция выдерживает до 150 кг.'],
  materials: ['Хлопок', 'Металл', 'Массив сосны', 'Полиэстер'],
  price: [3_990, 59_990],
  width: [100, 240],
  depth: [100, 150],
  height: [100, 200],
  weight: [5, 60],
  share: 1,
};

const GRILL: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  kind: 'cookware',
  items: [
    ['Мангал', ['разборный', 'с крышкой'], [2_990, 19_990]],
    ['Гриль', ['угольный', 'газовый'], [9_990, 69_990]],
    ['Набор для барбекю', ['из пяти предметов'], [1_490, 4_990]],
  ],
  materials: ['Сталь', 'Чугун', 'Нержавеющая сталь'],
  colours: ['Чёрный', 'Графит'],
  price: [1_990, 69_990],
  width: [40, 120],
  depth: [30, 60],
  height: [20, 110],
  weight: [3, 45],
  about: ['толстая сталь не прогорает и держит жар.', 'собирается за несколько минут без инструментов.'],
  share: 1,
};

const GARDEN_DECOR: DemoProductTemplate = {
  ...OUTDOOR_SOFA,
  kind: 'plant',
  items: [
    ['Садовый фонарь', ['на солнечной батарее'], [590, 2_990]],
    ['Кашпо уличное', ['высокое', 'из бетона'], [1_990, 14_990]],
    ['Гирлянда', ['уличная'], [990, 4_990]],
  ],
  materials: ['Бетон', 'Металл', 'Полирезин', 'Керамика'],
  colours: ['Графит', 'Белый', 'Терракотовый', 'Натуральный'],
  price: [790, 14_990],
  width: [15, 60],
  depth: [15, 60],
  height: [15, 90],
  weight: [1, 20],
  about: ['выдерживает морозы и летний зной.', 'создаёт вечернее настроение в саду.'],
  share: 1,
};

/** The spec's root order (§9); 'santehnika' is our full slug for the abbreviated "santeh…" root. */
export const DEMO_ROOT_ORDER = [
  'leto-i-dacha',
  'mebel',
  'dekor',
  'posuda-i-kuhnya',
  'son-i-otdykh',
  'tekstil',
  'kovry',
  'santehnika',
  'osveshchenie',
  'bytovaya-tehnika',
  'po-komnatam',
  'brendy-proizvoditeli',
  'vdohnovenie',
  'posledniy-shans',
] as const;

const DEMO_ROOM_NAMES: Readonly<Record<DemoRoomSlug, string>> = {
  gostinaya: 'Гостиная',
  spalnya: 'Спальня',
  'kuhnya-i-stolovaya': 'Кухня и столовая',
  detskaya: 'Детская',
  prihozhaya: 'Прихожая',
  vannaya: 'Ванная',
  kabinet: 'Кабинет',
};

const ROOM_KIND: Readonly<Record<DemoRoomSlug, DemoImageKind>> = {
  gostinaya: 'sofa',
  spalnya: 'bed',
  'kuhnya-i-stolovaya': 'table',
  detskaya: 'shelf',
  prihozhaya: 'console',
  vannaya: 'bath',
  kabinet: 'chair',
};

/** Inspiration topics double as the children of the 'vdohnovenie' root (/category/vdohnovenie/{topic}). */
export const DEMO_INSPIRATION_TOPICS = [
  {
    slug: 'idei-dlya-gostinoy',
    name: 'Идеи для гостиной',
    description: 'Как расставить мебель, подобрать свет и текстиль, чтобы гостиная стала любимой комнатой.',
  },
  {
    slug: 'uyutnaya-spalnya',
    name: 'Уютная спальня',
    description: 'Спальня для крепкого сна: кровать, матрас, шторы и спокойные цвета.',
  },
  {
    slug: 'idei-dlya-kuhni',
    name: 'Кухня и сервировка',
    description: 'Сервировка, хранение и удобная кухня, на которой хочется готовить.',
  },
  {
    slug: 'malenkie-prostranstva',
    name: 'Маленькие пространства',
    description: 'Решения для небольших квартир и студий: мебель-трансформер, хранение, зонирование.',
  },
  {
    slug: 'zhizn-na-dache',
    name: 'Жизнь на даче',
    description: 'Терраса, балкон и сад: мебель и декор для жизни на свежем воздухе.',
  },
] as const;

const brandNodes: DemoCategoryNode[] = DEMO_BRANDS.map((brand) => ({
  slug: brand.slug,
  name: brand.name,
  description: `Мебель и товары для дома ${brand.name} (${brand.country}) в магазине «Дом и Стиль».`,
  kind: 'room',
}));

export const DEMO_CATEGORY_TREE: readonly DemoCategoryNode[] = [
  {
    slug: 'leto-i-dacha',
    name: 'Лето и дача',
    description: 'Садовая мебель, гамаки, грили и декор для террасы, балкона и сада.',
    kind: 'outdoor',
    children: [
      {
        slug: 'sadovaya-mebel',
        name: 'Садовая мебель',
        description: 'Диваны, кресла, столы и шезлонги для сада, террасы и балкона.',
        kind: 'outdoor',
        children: [
          {
            slug: 'sadovye-divany',
            name: 'Садовые диваны и комплекты',
            description: 'Уличные диваны и комплекты мебели из ротанга, тика и алюминия.',
            kind: 'outdoor',
            template: OUTDOOR_SOFA,
          },
          {
            slug: 'sadovye-kresla',
            name: 'Садовые кресла и стулья',
            description: 'Складные, подвесные и лаунж-кресла для отдыха на воздухе.',
            kind: 'outdoor',
            template: OUTDOOR_CHAIR,
          },
          {
            slug: 'sadovye-stoly',
            name: 'Садовые столы',
            description: 'Обеденные и складные столы для террасы и балкона.',
            kind: 'outdoor',
            template: OUTDOOR_TABLE,
          },
          {
            slug: 'shezlongi',
            name: 'Шезлонги и лежаки',
            description: 'Шезлонги для сада, бассейна и загородного дома.',
            kind: 'outdoor',
            template: LOUNGER,
          },
        ],
      },
      {
        slug: 'gamaki-i-kacheli',
        name: 'Гамаки и качели',
        description: 'Гамаки с каркасом и садовые качели для неспешного отдыха.',
        kind: 'outdoor',
        template: HAMMOCK,
      },
      {
        slug: 'mangaly-i-grili',
        name: 'Мангалы и грили',
        description: 'Мангалы, грили и аксессуары для барбекю.',
        kind: 'cookware',
        template: GRILL,
      },
      {
        slug: 'sadovyy-dekor',
        name: 'Садовый декор и освещение',
        description: 'Уличные кашпо, фонари и гирлянды.',
        kind: 'plant',
        template: GARDEN_DECOR,
      },
    ],
  },
  {
    slug: 'mebel',
    name: 'Мебель',
    description: 'Диваны, кресла, кровати, столы, стулья и системы хранения для всего дома.',
    kind: 'sofa',
    children: [
      {
        slug: 'divany',
        name: 'Диваны',
        description: 'Прямые, угловые и раскладные диваны в велюре, рогожке, коже и букле.',
        kind: 'sofa',
        children: [
          {
            slug: 'pryamye-divany',
            name: 'Прямые диваны',
            description: 'Двух- и трёхместные прямые диваны.',
            kind: 'sofa',
            template: SOFA,
          },
          {
            slug: 'uglovye-divany',
            name: 'Угловые диваны',
            description: 'Угловые и модульные диваны для больших гостиных.',
            kind: 'sofa',
            template: CORNER_SOFA,
          },
          {
            slug: 'divany-krovati',
            name: 'Диваны-кровати',
            description: 'Раскладные диваны с удобным спальным местом.',
            kind: 'sofa',
            template: SOFA_BED,
          },
        ],
      },
      {
        slug: 'kresla',
        name: 'Кресла',
        description: 'Мягкие кресла, кресла-качалки и кресла для отдыха.',
        kind: 'armchair',
        template: ARMCHAIR,
      },
      {
        slug: 'pufy-i-banketki',
        name: 'Пуфы и банкетки',
        description: 'Пуфы и банкетки для гостиной, спальни и прихожей.',
        kind: 'armchair',
        template: POUF,
      },
      {
        slug: 'krovati',
        name: 'Кровати',
        description: 'Двуспальные и односпальные кровати, кровати с подъёмным механизмом.',
        kind: 'bed',
        children: [
          {
            slug: 'dvuspalnye-krovati',
            name: 'Двуспальные кровати',
            description: 'Кровати 160 и 180 см с мягким изголовьем и из массива.',
            kind: 'bed',
            template: BED,
          },
          {
            slug: 'odnospalnye-krovati',
            name: 'Односпальные и детские кровати',
            description: 'Кровати 80–120 см для детской и гостевой.',
            kind: 'bed',
            template: SINGLE_BED,
          },
        ],
      },
      {
        slug: 'obedennye-stoly',
        name: 'Обеденные столы',
        description: 'Раздвижные, круглые и прямоугольные обеденные столы.',
        kind: 'table',
        template: DINING_TABLE,
      },
      {
        slug: 'stulya',
        name: 'Стулья',
        description: 'Обеденные, барные и полубарные стулья.',
        kind: 'chair',
        template: CHAIR,
      },
      {
        slug: 'zhurnalnye-stoliki',
        name: 'Журнальные столики',
        description: 'Журнальные, кофейные и приставные столики.',
        kind: 'coffee-table',
        template: COFFEE_TABLE,
      },
      {
        slug: 'konsoli',
        name: 'Консоли',
        description: 'Узкие консольные столы для прихожей и гостиной.',
        kind: 'console',
        template: CONSOLE,
      },
      {
        slug: 'komody',
        name: 'Комоды',
        description: 'Комоды с ящиками для спальни, детской и гостиной.',
        kind: 'dresser',
        template: DRESSER,
      },
      {
        slug: 'hranenie',
        name: 'Шкафы и хранение',
        description: 'Шкафы, стеллажи, полки и тумбы.',
        kind: 'wardrobe',
        children: [
          {
            slug: 'shkafy',
            name: 'Шкафы',
            description: 'Распашные шкафы и шкафы-купе.',
            kind: 'wardrobe',
            template: WARDROBE,
          },
          {
            slug: 'stellazhi',
            name: 'Стеллажи и полки',
            description: 'Открытые стеллажи, книжные шкафы и настенные полки.',
            kind: 'shelf',
            template: SHELF,
          },
          {
            slug: 'tumby-pod-tv',
            name: 'Тумбы под ТВ',
            description: 'Подвесные и напольные тумбы для телевизора.',
            kind: 'console',
            template: TV_STAND,
          },
        ],
      },
      {
        slug: 'ofisnaya-mebel',
        name: 'Офисная мебель',
        description: 'Раздел временно закрыт: коллекция обновляется.',
        kind: 'chair',
        active: false,
      },
    ],
  },
  {
    slug: 'dekor',
    name: 'Декор',
    description: 'Вазы, зеркала, часы, картины, свечи и растения.',
    kind: 'vase',
    children: [
      {
        slug: 'dekor-dlya-interera',
        name: 'Декор для интерьера',
        description: 'Вазы, статуэтки, подсвечники и искусственные растения.',
        kind: 'vase',
        children: [
          {
            slug: 'vazy',
            name: 'Вазы и кашпо',
            description: 'Настольные и напольные вазы из керамики и стекла.',
            kind: 'vase',
            template: VASE,
          },
          {
            slug: 'statuetki-i-svechi',
            name: 'Статуэтки, свечи и подсвечники',
            description: 'Небольшие акценты для полок и столов.',
            kind: 'vase',
            template: FIGURINE,
          },
          {
            slug: 'iskusstvennye-rasteniya',
            name: 'Искусственные растения и цветы',
            description: 'Растения, которым не нужен полив.',
            kind: 'plant',
            template: FLOWERS,
          },
        ],
      },
      {
        slug: 'zerkala',
        name: 'Зеркала',
        description: 'Настенные и напольные зеркала в раме.',
        kind: 'mirror',
        template: MIRROR,
      },
      {
        slug: 'chasy',
        name: 'Часы',
        description: 'Настенные и настольные часы.',
        kind: 'clock',
        template: CLOCK,
      },
      {
        slug: 'kartiny-i-postery',
        name: 'Картины и постеры',
        description: 'Постеры в рамах, картины и фоторамки.',
        kind: 'frame',
        template: ARTWORK,
      },
      {
        slug: 'novogodniy-dekor',
        name: 'Новогодний декор',
        description: 'Сезонный раздел откроется в декабре.',
        kind: 'plant',
        active: false,
      },
    ],
  },
  {
    slug: 'posuda-i-kuhnya',
    name: 'Посуда и кухня',
    description: 'Посуда для сервировки и приготовления, хранение продуктов.',
    kind: 'tableware',
    children: [
      {
        slug: 'servirovka',
        name: 'Сервировка',
        description: 'Тарелки, бокалы, чайные пары и сервизы.',
        kind: 'tableware',
        children: [
          {
            slug: 'tarelki',
            name: 'Тарелки и сервизы',
            description: 'Обеденные и десертные тарелки, столовые сервизы.',
            kind: 'tableware',
            template: PLATES,
          },
          {
            slug: 'bokaly-i-stakany',
            name: 'Бокалы и стаканы',
            description: 'Бокалы, стаканы и графины.',
            kind: 'tableware',
            template: GLASSES,
          },
          {
            slug: 'chaynye-pary',
            name: 'Чай и кофе',
            description: 'Чайные пары, сервизы, кружки и заварочные чайники.',
            kind: 'tableware',
            template: TEA,
          },
        ],
      },
      {
        slug: 'prigotovlenie',
        name: 'Приготовление',
        description: 'Сковороды, кастрюли, ножи и доски.',
        kind: 'cookware',
        children: [
          {
            slug: 'skovorody',
            name: 'Сковороды',
            description: 'Сковороды, сотейники и воки.',
            kind: 'cookware',
            template: PANS,
          },
          {
            slug: 'kastryuli',
            name: 'Кастрюли',
            description: 'Кастрюли, наборы и жаровни.',
            kind: 'cookware',
            template: POTS,
          },
          {
            slug: 'nozhi',
            name: 'Ножи и доски',
            description: 'Поварские ножи, наборы и разделочные доски.',
            kind: 'cookware',
            template: KNIVES,
          },
        ],
      },
      {
        slug: 'hranenie-produktov',
        name: 'Хранение продуктов',
        description: 'Банки, контейнеры и хлебницы.',
        kind: 'tableware',
        template: STORAGE_JARS,
      },
    ],
  },
  {
    slug: 'son-i-otdykh',
    name: 'Сон и отдых',
    description: 'Матрасы, подушки, одеяла и постельное бельё для здорового сна.',
    kind: 'mattress',
    children: [
      {
        slug: 'matrasy',
        name: 'Матрасы',
        description: 'Пружинные и беспружинные ортопедические матрасы.',
        kind: 'mattress',
        template: MATTRESS,
      },
      {
        slug: 'podushki',
        name: 'Подушки',
        description: 'Анатомические и классические подушки для сна.',
        kind: 'pillow',
        template: PILLOW,
      },
      {
        slug: 'odeyala',
        name: 'Одеяла',
        description: 'Пуховые, шерстяные и всесезонные одеяла.',
        kind: 'textile',
        template: BLANKET,
      },
      {
        slug: 'postelnoe-bele',
        name: 'Постельное бельё',
        description: 'Комплекты из сатина, перкаля и льна.',
        kind: 'textile',
        template: BEDDING,
      },
    ],
  },
  {
    slug: 'tekstil',
    name: 'Текстиль',
    description: 'Шторы, пледы, декоративные подушки, полотенца и скатерти.',
    kind: 'textile',
    children: [
      {
        slug: 'shtory-i-tyul',
        name: 'Шторы и тюль',
        description: 'Шторы блэкаут, льняные шторы и тюль.',
        kind: 'textile',
        template: CURTAINS,
      },
      {
        slug: 'pledy-i-pokryvala',
        name: 'Пледы и покрывала',
        description: 'Вязаные пледы и стёганые покрывала.',
        kind: 'textile',
        template: THROW,
      },
      {
        slug: 'dekorativnye-podushki',
        name: 'Декоративные подушки',
        description: 'Подушки и чехлы для дивана и кровати.',
        kind: 'pillow',
        template: CUSHION,
      },
      {
        slug: 'polotentsa',
        name: 'Полотенца',
        description: 'Банные и кухонные полотенца.',
        kind: 'textile',
        template: TOWELS,
      },
      {
        slug: 'skaterti-i-salfetki',
        name: 'Скатерти и салфетки',
        description: 'Скатерти, салфетки и дорожки на стол.',
        kind: 'textile',
        template: TABLECLOTH,
      },
    ],
  },
  {
    slug: 'kovry',
    name: 'Ковры',
    description: 'Ковры, дорожки и коврики ручной и машинной работы.',
    kind: 'rug',
    children: [
      {
        slug: 'kovry-dlya-gostinoy',
        name: 'Ковры для гостиной и спальни',
        description: 'Шерстяные, вискозные и джутовые ковры.',
        kind: 'rug',
        template: RUG,
      },
      {
        slug: 'dorozhki-i-kovriki',
        name: 'Дорожки и коврики',
        description: 'Ковровые дорожки и коврики для прихожей и ванной.',
        kind: 'rug',
        template: RUNNER,
      },
      {
        slug: 'detskie-kovry',
        name: 'Детские ковры',
        description: 'Мягкие безопасные ковры для детской.',
        kind: 'rug',
        template: KIDS_RUG,
      },
    ],
  },
  {
    slug: 'santehnika',
    name: 'Сантехника',
    description: 'Ванны, раковины, смесители и мебель для ванной комнаты.',
    kind: 'bath',
    children: [
      {
        slug: 'vanny',
        name: 'Ванны и поддоны',
        description: 'Акриловые, чугунные и отдельностоящие ванны.',
        kind: 'bath',
        template: BATH,
      },
      {
        slug: 'rakoviny',
        name: 'Раковины',
        description: 'Накладные, подвесные и встраиваемые раковины.',
        kind: 'sink',
        template: SINK,
      },
      {
        slug: 'smesiteli',
        name: 'Смесители и душ',
        description: 'Смесители для ванной и кухни, душевые системы.',
        kind: 'sink',
        template: TAP,
      },
      {
        slug: 'mebel-dlya-vannoy',
        name: 'Мебель для ванной',
        description: 'Тумбы под раковину, пеналы и зеркальные шкафы.',
        kind: 'dresser',
        template: BATH_FURNITURE,
      },
    ],
  },
  {
    slug: 'osveshchenie',
    name: 'Освещение',
    description: 'Люстры, торшеры, настольные лампы и бра.',
    kind: 'chandelier',
    children: [
      {
        slug: 'lyustry',
        name: 'Люстры и подвесные светильники',
        description: 'Потолочные и подвесные люстры.',
        kind: 'chandelier',
        template: CHANDELIER,
      },
      {
        slug: 'torshery',
        name: 'Торшеры',
        description: 'Напольные светильники для чтения и уюта.',
        kind: 'lamp',
        template: FLOOR_LAMP,
      },
      {
        slug: 'nastolnye-lampy',
        name: 'Настольные лампы',
        description: 'Лампы для рабочего стола и спальни.',
        kind: 'lamp',
        template: TABLE_LAMP,
      },
      {
        slug: 'bra',
        name: 'Бра и настенные светильники',
        description: 'Настенные светильники для спальни, прихожей и ванной.',
        kind: 'lamp',
        template: WALL_LAMP,
      },
    ],
  },
  {
    slug: 'bytovaya-tehnika',
    name: 'Бытовая техника',
    description: 'Холодильники, стиральные машины, техника для кухни и дома.',
    kind: 'appliance',
    children: [
      {
        slug: 'krupnaya-tehnika',
        name: 'Крупная техника',
        description: 'Холодильники, стиральные и посудомоечные машины.',
        kind: 'fridge',
        children: [
          {
            slug: 'holodilniki',
            name: 'Холодильники',
            description: 'Двухкамерные холодильники, Side-by-Side и винные шкафы.',
            kind: 'fridge',
            template: FRIDGE,
          },
          {
            slug: 'stiralnye-mashiny',
            name: 'Стиральные и сушильные машины',
            description: 'Фронтальные и узкие стиральные машины.',
            kind: 'appliance',
            template: WASHER,
          },
          {
            slug: 'posudomoechnye-mashiny',
            name: 'Посудомоечные машины',
            description: 'Встраиваемые и настольные посудомоечные машины.',
            kind: 'appliance',
            template: DISHWASHER,
          },
        ],
      },
      {
        slug: 'tehnika-dlya-kuhni',
        name: 'Техника для кухни',
        description: 'Кофемашины, чайники, блендеры и микроволновые печи.',
        kind: 'appliance',
        template: SMALL_APPLIANCE,
      },
      {
        slug: 'tehnika-dlya-doma',
        name: 'Техника для дома',
        description: 'Пылесосы, увлажнители и очистители воздуха.',
        kind: 'appliance',
        template: CLIMATE,
      },
    ],
  },
  {
    slug: 'po-komnatam',
    name: 'По комнатам',
    description: 'Товары, собранные по комнатам: гостиная, спальня, кухня, детская и другие.',
    kind: 'room',
    children: (Object.keys(DEMO_ROOM_NAMES) as DemoRoomSlug[]).map((room) => ({
      slug: room,
      name: DEMO_ROOM_NAMES[room],
      description: `Всё для комнаты «${DEMO_ROOM_NAMES[room]}»: мебель, свет, текстиль и декор.`,
      kind: ROOM_KIND[room],
    })),
  },
  {
    slug: 'brendy-proizvoditeli',
    name: 'Бренды',
    description: 'Фабрики и бренды, с которыми мы работаем напрямую.',
    kind: 'room',
    children: brandNodes,
  },
  {
    slug: 'vdohnovenie',
    name: 'Вдохновение',
    description: 'Идеи, советы и готовые решения для интерьера.',
    kind: 'room',
    children: DEMO_INSPIRATION_TOPICS.map((topic) => ({
      slug: topic.slug,
      name: topic.name,
      description: topic.description,
      kind: 'room' as const,
    })),
  },
  {
    slug: 'posledniy-shans',
    name: 'Распродажа',
    description: 'Последний шанс купить товары со скидкой до 25 % и больше.',
    kind: 'armchair',
    children: [
      {
        slug: 'skidki-na-mebel',
        name: 'Скидки на мебель',
        description: 'Диваны, кровати и шкафы по сниженным ценам.',
        kind: 'sofa',
      },
      {
        slug: 'skidki-na-dekor-i-tekstil',
        name: 'Скидки на декор и текстиль',
        description: 'Вазы, светильники, шторы и пледы со скидкой.',
        kind: 'vase',
      },
      {
        slug: 'ostatki-so-sklada',
        name: 'Остатки со склада',
        description: 'Последние экземпляры коллекций.',
        kind: 'dresser',
      },
      {
        slug: 'arhiv-rasprodazh',
        name: 'Архив распродаж',
        description: 'Завершённые акции.',
        kind: 'dresser',
        active: false,
      },
    ],
  },
];

/** Cross-links between categories (category_refs), stored symmetric by the generator. */
export const DEMO_CATEGORY_REFS: ReadonlyArray<readonly [string, string]> = [
  ['krovati', 'matrasy'],
  ['dvuspalnye-krovati', 'matrasy'],
  ['krovati', 'postelnoe-bele'],
  ['divany', 'kresla'],
  ['divany', 'zhurnalnye-stoliki'],
  ['divany', 'dekorativnye-podushki'],
  ['kresla', 'torshery'],
  ['obedennye-stoly', 'stulya'],
  ['komody', 'zerkala'],
  ['komody', 'hranenie'],
  ['konsoli', 'zerkala'],
  ['sadovaya-mebel', 'mangaly-i-grili'],
  ['kovry', 'divany'],
  ['tarelki', 'skaterti-i-salfetki'],
  ['vanny', 'polotentsa'],
  ['holodilniki', 'posudomoechnye-mashiny'],
];
