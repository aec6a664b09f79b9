// The demo catalogue created on first start (SEED_DEMO). Names are real-looking on purpose: the demo is
// what a new user judges the product by.

export type PackShape = 'box' | 'can' | 'jar' | 'bottle' | 'bar' | 'tray';

interface DemoCategory {
  en: string;
  ar: string;
  shape: PackShape;
  hue: number;
  /** [English, Arabic, net weight, drained weight or ''] */
  products: [string, string, string, string][];
}

export interface DemoFamily {
  en: string;
  ar: string;
  hue: number;
  about: { en: string; ar: string };
  categories: DemoCategory[];
}

export const DEMO_FAMILIES: DemoFamily[] = [
  {
    en: 'Al Nakheel Foods',
    ar: 'النخيل للأغذية',
    hue: 32,
    about: {
      en: 'Dates, preserves and pantry staples since 1978.',
      ar: 'تمور ومعلبات ومؤن البيت منذ عام ١٩٧٨.',
    },
    categories: [
      {
        en: 'Dates',
        ar: 'تمور',
        shape: 'box',
        hue: 28,
        products: [
          ['Medjool Dates', 'تمر مجدول', '500 (g)', ''],
          ['Sukkari Dates', 'تمر سكري', '1 (kg)', ''],
          ['Khalas Dates', 'تمر خلاص', '1 (kg)', ''],
          ['Ajwa Dates', 'تمر عجوة المدينة', '400 (g)', ''],
          ['Safawi Dates', 'تمر صفاوي', '800 (g)', ''],
          ['Segai Dates', 'تمر صقعي', '500 (g)', ''],
          ['Date Paste', 'عجينة التمر', '900 (g)', ''],
          ['Dates Stuffed with Almonds', 'تمر محشو باللوز', '250 (g)', ''],
          ['Date Syrup', 'دبس التمر', '450 (g)', ''],
          ['Barhi Dates', 'تمر برحي', '1 (kg)', ''],
        ],
      },
      {
        en: 'Canned Vegetables',
        ar: 'خضروات معلبة',
        shape: 'can',
        hue: 110,
        products: [
          ['Sweet Corn', 'ذرة حلوة', '340 (g)', '285 (g)'],
          ['Green Peas', 'بازلاء خضراء', '400 (g)', '240 (g)'],
          ['Chickpeas', 'حمص حب', '400 (g)', '240 (g)'],
          ['Fava Beans with Cumin', 'فول مدمس بالكمون', '400 (g)', ''],
          ['Red Kidney Beans', 'فاصوليا حمراء', '400 (g)', '240 (g)'],
          ['Mixed Vegetables', 'خضار مشكلة', '400 (g)', '250 (g)'],
          ['Whole Mushrooms', 'فطر كامل', '400 (g)', '200 (g)'],
          ['Green Olives', 'زيتون أخضر', '500 (g)', '300 (g)'],
          ['Stuffed Vine Leaves', 'ورق عنب محشي', '400 (g)', ''],
          ['Baked Beans', 'فاصوليا بيضاء بصلصة الطماطم', '420 (g)', ''],
        ],
      },
      {
        en: 'Juices',
        ar: 'عصائر',
        shape: 'bottle',
        hue: 45,
        products: [
          ['Orange Juice', 'عصير برتقال', '1 (L)', ''],
          ['Mango Nectar', 'رحيق المانجو', '1 (L)', ''],
          ['Pomegranate Juice', 'عصير رمان', '1 (L)', ''],
          ['Apple Juice', 'عصير تفاح', '200 (ml)', ''],
          ['Guava Nectar', 'رحيق الجوافة', '1 (L)', ''],
          ['Tamarind Drink', 'مشروب التمر هندي', '250 (ml)', ''],
          ['Lemon and Mint', 'ليمون بالنعناع', '300 (ml)', ''],
          ['Apricot Nectar (Qamar al-Din)', 'قمر الدين', '1 (L)', ''],
          ['Vimto-style Berry Cordial', 'شراب التوت المركز', '710 (ml)', ''],
          ['Carrot and Orange Juice', 'عصير جزر وبرتقال', '1 (L)', ''],
        ],
      },
      {
        en: 'Sauces and Pastes',
        ar: 'صلصات ومعاجين',
        shape: 'jar',
        hue: 4,
        products: [
          ['Tomato Paste', 'معجون طماطم', '400 (g)', ''],
          ['Tahini Sauce', 'صلصة الطحينة', '300 (g)', ''],
          ['Hot Chilli Sauce', 'صلصة الفلفل الحار', '88 (ml)', ''],
          ['Garlic Sauce (Toum)', 'ثومية', '250 (g)', ''],
          ['Pomegranate Molasses', 'دبس الرمان', '500 (ml)', ''],
          ['Ketchup', 'كاتشب', '500 (g)', ''],
          ['Hummus Ready to Serve', 'حمص بالطحينة جاهز', '385 (g)', ''],
          ['Harissa', 'هريسة', '185 (g)', ''],
          ['Mayonnaise', 'مايونيز', '473 (ml)', ''],
          ['Mixed Pickles', 'مخلل مشكل', '1 (kg)', '600 (g)'],
        ],
      },
    ],
  },
  {
    en: 'Sahara Dairy',
    ar: 'ألبان الصحراء',
    hue: 205,
    about: { en: 'Fresh milk and cheese from our own farms.', ar: 'حليب طازج وأجبان من مزارعنا.' },
    categories: [
      {
        en: 'Milk',
        ar: 'حليب',
        shape: 'bottle',
        hue: 200,
        products: [
          ['Fresh Full Cream Milk', 'حليب طازج كامل الدسم', '1 (L)', ''],
          ['Low Fat Milk', 'حليب قليل الدسم', '1 (L)', ''],
          ['Skimmed Milk', 'حليب خالي الدسم', '1 (L)', ''],
          ['Long Life Milk', 'حليب طويل الأجل', '1 (L)', ''],
          ['Chocolate Milk', 'حليب بالشوكولاتة', '200 (ml)', ''],
          ['Strawberry Milk', 'حليب بالفراولة', '200 (ml)', ''],
          ['Camel Milk', 'حليب النوق', '500 (ml)', ''],
          ['Lactose Free Milk', 'حليب خالي من اللاكتوز', '1 (L)', ''],
          ['Milk Powder', 'حليب بودرة', '900 (g)', ''],
          ['Evaporated Milk', 'حليب مبخر', '170 (g)', ''],
        ],
      },
      {
        en: 'Cheese',
        ar: 'أجبان',
        shape: 'tray',
        hue: 48,
        products: [
          ['White Feta Cheese', 'جبنة فيتا بيضاء', '500 (g)', ''],
          ['Akkawi Cheese', 'جبنة عكاوي', '400 (g)', ''],
          ['Halloumi Cheese', 'جبنة حلوم', '250 (g)', ''],
          ['Cream Cheese Spread', 'جبنة كريمية قابلة للدهن', '500 (g)', ''],
          ['Processed Cheese Slices', 'شرائح جبنة مطبوخة', '200 (g)', ''],
          ['Shredded Mozzarella', 'موزاريلا مبشورة', '200 (g)', ''],
          ['Labneh Balls in Olive Oil', 'كرات لبنة بزيت الزيتون', '400 (g)', ''],
          ['Nabulsi Cheese', 'جبنة نابلسية', '500 (g)', ''],
          ['Cheddar Block', 'جبنة شيدر', '400 (g)', ''],
          ['Triangle Cheese Portions', 'جبنة مثلثات', '120 (g)', ''],
        ],
      },
      {
        en: 'Yoghurt and Laban',
        ar: 'لبن وزبادي',
        shape: 'jar',
        hue: 190,
        products: [
          ['Plain Yoghurt', 'زبادي طبيعي', '170 (g)', ''],
          ['Greek Style Yoghurt', 'زبادي يوناني', '500 (g)', ''],
          ['Fresh Laban', 'لبن طازج', '1 (L)', ''],
          ['Mint Laban', 'لبن بالنعناع', '200 (ml)', ''],
          ['Labneh', 'لبنة', '400 (g)', ''],
          ['Mango Yoghurt', 'زبادي بالمانجو', '120 (g)', ''],
          ['Strawberry Yoghurt', 'زبادي بالفراولة', '120 (g)', ''],
          ['Low Fat Yoghurt', 'زبادي قليل الدسم', '170 (g)', ''],
          ['Ayran Drink', 'عيران', '250 (ml)', ''],
          ['Rice Pudding', 'أرز بالحليب', '150 (g)', ''],
        ],
      },
      {
        en: 'Butter and Ghee',
        ar: 'زبدة وسمن',
        shape: 'bar',
        hue: 52,
        products: [
          ['Unsalted Butter', 'زبدة غير مملحة', '200 (g)', ''],
          ['Salted Butter', 'زبدة مملحة', '200 (g)', ''],
          ['Pure Cow Ghee', 'سمن بقري أصلي', '800 (g)', ''],
          ['Vegetable Ghee', 'سمن نباتي', '1 (kg)', ''],
          ['Fresh Cream', 'قشطة طازجة', '200 (ml)', ''],
          ['Whipping Cream', 'كريمة خفق', '500 (ml)', ''],
          ['Cooking Cream', 'كريمة طبخ', '250 (ml)', ''],
          ['Clotted Cream (Qishta)', 'قشطة بلدية', '160 (g)', ''],
          ['Sheep Ghee', 'سمن غنم', '500 (g)', ''],
          ['Butter with Honey', 'زبدة بالعسل', '150 (g)', ''],
        ],
      },
    ],
  },
  {
    en: 'Bayt Al Halawa',
    ar: 'بيت الحلاوة',
    hue: 330,
    about: { en: 'Sweets and biscuits for every occasion.', ar: 'حلويات وبسكويت لكل مناسبة.' },
    categories: [
      {
        en: 'Halva and Tahini',
        ar: 'حلاوة وطحينة',
        shape: 'tray',
        hue: 35,
        products: [
          ['Plain Halva', 'حلاوة طحينية سادة', '450 (g)', ''],
          ['Halva with Pistachio', 'حلاوة بالفستق', '450 (g)', ''],
          ['Halva with Cocoa', 'حلاوة بالكاكاو', '450 (g)', ''],
          ['Extra Tahini', 'طحينة ممتازة', '400 (g)', ''],
          ['Sugar Free Halva', 'حلاوة خالية من السكر', '350 (g)', ''],
          ['Halva Bar', 'لوح حلاوة', '80 (g)', ''],
          ['Tahini with Date Syrup', 'طحينة بدبس التمر', '300 (g)', ''],
          ['Pistachio Cream', 'كريمة الفستق', '200 (g)', ''],
          ['Sesame Bars', 'سمسمية', '150 (g)', ''],
          ['Halva Floss', 'غزل البنات', '100 (g)', ''],
        ],
      },
      {
        en: 'Biscuits',
        ar: 'بسكويت',
        shape: 'box',
        hue: 20,
        products: [
          ['Tea Biscuits', 'بسكويت الشاي', '200 (g)', ''],
          ['Date Filled Biscuits', 'بسكويت محشو بالتمر', '300 (g)', ''],
          ['Digestive Biscuits', 'بسكويت دايجستف', '400 (g)', ''],
          ['Cream Sandwich Vanilla', 'بسكويت كريمة الفانيلا', '150 (g)', ''],
          ['Chocolate Chip Cookies', 'كوكيز برقائق الشوكولاتة', '180 (g)', ''],
          ["Ka'ak with Sesame", 'كعك بالسمسم', '400 (g)', ''],
          ['Ghraybeh Butter Cookies', 'غريبة', '350 (g)', ''],
          ['Wafer Hazelnut', 'ويفر بالبندق', '45 (g)', ''],
          ['Wholewheat Crackers', 'مقرمشات القمح الكامل', '200 (g)', ''],
          ['Maamoul Assorted', 'معمول مشكل', '500 (g)', ''],
        ],
      },
      {
        en: 'Chocolate',
        ar: 'شوكولاتة',
        shape: 'bar',
        hue: 15,
        products: [
          ['Milk Chocolate Bar', 'لوح شوكولاتة بالحليب', '100 (g)', ''],
          ['Dark Chocolate 70%', 'شوكولاتة داكنة ٧٠٪', '100 (g)', ''],
          ['Chocolate with Dates', 'شوكولاتة بالتمر', '200 (g)', ''],
          ['Hazelnut Chocolate Spread', 'شوكولاتة قابلة للدهن بالبندق', '350 (g)', ''],
          ['Chocolate Coated Almonds', 'لوز مغطى بالشوكولاتة', '150 (g)', ''],
          ['White Chocolate Bar', 'لوح شوكولاتة بيضاء', '100 (g)', ''],
          ['Assorted Pralines', 'برالين مشكل', '250 (g)', ''],
          ['Chocolate with Pistachio Kunafa', 'شوكولاتة بالفستق والكنافة', '200 (g)', ''],
          ['Cocoa Powder', 'كاكاو بودرة', '250 (g)', ''],
          ['Chocolate Wafer Fingers', 'أصابع ويفر بالشوكولاتة', '38 (g)', ''],
        ],
      },
      {
        en: 'Traditional Sweets',
        ar: 'حلويات شرقية',
        shape: 'tray',
        hue: 340,
        products: [
          ['Baklava Assorted', 'بقلاوة مشكلة', '500 (g)', ''],
          ['Kunafa Nabulsieh', 'كنافة نابلسية', '1 (kg)', ''],
          ['Basbousa', 'بسبوسة', '600 (g)', ''],
          ['Turkish Delight Rose', 'راحة الحلقوم بالورد', '400 (g)', ''],
          ['Barazek', 'برازق', '300 (g)', ''],
          ['Luqaimat Mix', 'خلطة لقيمات', '500 (g)', ''],
          ['Mamoul with Pistachio', 'معمول بالفستق', '450 (g)', ''],
          ['Ghoraiba with Semolina', 'غريبة بالسميد', '350 (g)', ''],
          ['Sugar Coated Almonds (Mlabbas)', 'ملبس باللوز', '500 (g)', ''],
          ['Qatayef Stuffed with Walnuts', 'قطايف بالجوز', '600 (g)', ''],
        ],
      },
    ],
  },
];
