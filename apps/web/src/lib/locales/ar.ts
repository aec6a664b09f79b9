import catalogAr from './catalog.ar.json';
import countsAr from './counts.ar.json';
import type { BaseMessages } from './en';

/** Arabic UI strings: the catalogue's first language. */
export const ar: BaseMessages = {
  app: { name: 'دليل', tagline: 'كتالوج المنتجات' },
  counts: countsAr,
  prefs: {
    toLight: 'التبديل إلى الوضع الفاتح',
    toDark: 'التبديل إلى الوضع الداكن',
    toLtr: 'التبديل إلى التخطيط من اليسار إلى اليمين',
    toRtl: 'التبديل إلى التخطيط من اليمين إلى اليسار',
    otherLanguage: 'English',
    changeLanguage: 'تغيير اللغة إلى الإنجليزية',
  },
  auth: {
    adminTitle: 'دخول الإدارة',
    adminSubtitle: 'إدارة الشركات والفئات والمنتجات والمستخدمين.',
    catalogTitle: 'دخول الكتالوج',
    catalogSubtitle: 'سجّل الدخول لتصفّح الكتالوج.',
    username: 'اسم المستخدم',
    password: 'كلمة المرور',
    login: 'تسجيل الدخول',
    signIn: 'تسجيل الدخول',
    signInHint: 'سجّل الدخول بحسابك لترى شركاتك',
    showPassword: 'إظهار كلمة المرور',
    hidePassword: 'إخفاء كلمة المرور',
    signingIn: 'جارٍ تسجيل دخولك…',
    checkingSession: 'جارٍ التحقق من الجلسة…',
  },
  validation: { required: 'هذا الحقل مطلوب' },
  errors: {
    badCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة',
    timeout: 'استغرق الخادم وقتًا طويلًا للرد. يُرجى المحاولة مرة أخرى.',
    network: 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
    sessionEnded: 'انتهت جلستك. يُرجى تسجيل الدخول من جديد.',
    badRequest: 'بعض البيانات المُدخلة غير صالحة.',
    forbidden: 'ليست لديك صلاحية للوصول إلى هذا.',
    notFound: 'لم يُعثر على ما طلبته.',
    conflict: 'يتعارض هذا مع بيانات موجودة.',
    tooLarge: 'الملف كبير جدًا.',
    tooMany: 'محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مجددًا.',
    server: 'حدث خطأ في الخادم. يُرجى المحاولة مرة أخرى.',
    fieldProblem: '{{field}}: {{message}}',
    generic: 'حدث خطأ ما.',
    dismiss: 'إغلاق',
    requestId: 'الرقم المرجعي: {{id}}',
  },
  unreachable: {
    title: 'تعذّر الوصول إلى الخادم',
    text: 'تحقّق من اتصالك. ستتابع هذه الصفحة من تلقاء نفسها حالما يستجيب الخادم من جديد.',
    retry: 'إعادة المحاولة',
  },
  errorPage: {
    title: 'عذرًا!',
    text: 'نأسف، حدث خطأ غير متوقع.',
    notFound: 'غير موجود',
    home: 'الذهاب إلى الكتالوج',
  },
  catalog: catalogAr,
  pages: {
    familyChooser: 'اختر الشركة لمعرفة المزيد',
    catalogMain: 'اكتشف منتجاتنا وجميع أصنافنا',
    product: 'المنتج',
    catalogPrint: 'الكتالوج للطباعة',
    notFound: 'الصفحة غير موجودة',
  },
};
