/* global document, location, requestAnimationFrame, window */
// Runs before the first paint (a small classic script in <head>; the CSP allows no inline script).
// It puts the document in the visitor's language, direction and colour mode, and on catalogue pages
// shows the static shell from index.html (header, and on the main screen the stored family's hero),
// before the app's JavaScript has even been asked for. It also loads the app: in the build,
// index.html has no script of its own (vite.config.ts moves the entry here), and boot.js requests
// the code, stylesheet and web fonts once the shell (with the hero image) has painted, so the first
// screen never waits for the app's downloads or start-up work
// (docs/decisions/0007-boot-loads-the-app.md). The app removes the shell when it
// renders (app/root-layout.tsx).
(function () {
  // The app's local storage keys (src/lib/storage-keys.ts), written in by the build and the dev
  // server (vite.config.ts); app/boot-shell.test.ts checks every key and family field read here.
  var keys = null; /* storage-keys */
  if (!keys) return;
  var html = document.documentElement;
  var head = document.head;
  function link(attributes) {
    var element = document.createElement('link');
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    head.appendChild(element);
  }
  // A few links per task: adding a modulepreload costs about a millisecond of main thread (four on
  // a slow phone), and forty of them in one task would block input for that long.
  function preloadModules(files) {
    for (var i = 0; i < files.length && i < 6; i += 1)
      link({ rel: 'modulepreload', href: files[i], crossorigin: '' });
    if (files.length > 6)
      setTimeout(function () {
        preloadModules(files.slice(6));
      }, 0);
  }

  // Filled in at build time (vite.config.ts): { entry, preloads, styles, fonts }. Null under the
  // dev server, whose index.html still loads the entry itself.
  var app = null; /* app-assets */
  var started = false;
  // Set below on catalogue pages: the route chunks to fetch with the entry.
  var routeChunks = [];
  function startApp() {
    if (started || !app) return;
    started = true;
    for (var i = 0; i < app.fonts.length; i += 1)
      link({ rel: 'preload', as: 'font', type: 'font/woff2', href: app.fonts[i], crossorigin: '' });
    for (var j = 0; j < app.styles.length; j += 1)
      link({ rel: 'stylesheet', href: app.styles[j], crossorigin: '' });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    head.appendChild(script);
    // The entry's imports and the page's route chunks, so they download with the entry instead of
    // after it has been parsed and run.
    preloadModules(app.preloads.concat(routeChunks));
  }
  // Starts the app after the next frame has painted (a task queued from requestAnimationFrame runs
  // after that frame), or at the latest after a second: a hidden tab paints no frames.
  function startAfterPaint() {
    setTimeout(startApp, 1000);
    if (document.visibilityState === 'hidden') return startApp();
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
  }
  // Once the document has been parsed: the app renders into #root.
  function whenParsed(callback) {
    if (document.readyState !== 'loading') return callback();
    document.addEventListener('readystatechange', function onReady() {
      document.removeEventListener('readystatechange', onReady);
      callback();
    });
  }

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  // The same first choices as the app's preferences store: the admin area remembers its own
  // language and on a first visit follows the browser (Arabic only when it comes before English).
  var admin = location.pathname.indexOf('/admin') === 0;
  var language = read(admin ? keys.adminLanguage : keys.language);
  if (language !== 'ar' && language !== 'en') {
    language = 'ar';
    if (admin) {
      var preferred = (navigator.languages || [navigator.language || '']).map(function (l) {
        return String(l).toLowerCase().slice(0, 2);
      });
      var ar = preferred.indexOf('ar');
      var en = preferred.indexOf('en');
      language = ar !== -1 && (en === -1 || ar < en) ? 'ar' : 'en';
    }
  }
  var direction = read(keys.direction);
  if (direction !== 'ltr' && direction !== 'rtl') direction = language === 'ar' ? 'rtl' : 'ltr';
  html.lang = language;
  html.dir = direction;
  // The colour mode follows the system until the person picks one.
  var mode = read(keys.colourMode);
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  if (mode === 'dark') html.setAttribute('data-mode', 'dark');

  // Filled in at build time (vite.config.ts): the catalogue route chunks index.html does not preload.
  var chunks = {}; /* catalog-chunks */
  var path = location.pathname.replace(/\/+$/, '');
  var page =
    path === '/catalog/main'
      ? 'main'
      : /^\/catalog\/main\/[^/]+$/.test(path)
        ? 'product'
        : path === '/catalog/family'
          ? 'family'
          : null;
  var token = read(keys.token);
  // Without a session the guard sends the visitor to the login: nothing to show early.
  if (!page || !token || token === 'null') return whenParsed(startApp);
  html.setAttribute('data-boot', 'catalog');

  routeChunks = (chunks.layout || []).concat(chunks[page] || []);
  if (page !== 'main') return whenParsed(startAfterPaint);
  var family = null;
  try {
    family = JSON.parse(read(keys.selectedFamily) || 'null');
  } catch {
    family = null;
  }
  var linked = new URLSearchParams(location.search).get('family');
  if (
    !family ||
    typeof family.id !== 'number' ||
    read(keys.family) !== String(family.id) ||
    (linked !== null && linked !== String(family.id)) ||
    !family.name
  )
    return whenParsed(startAfterPaint);

  function media(name, width) {
    return '/media/' + encodeURIComponent(name) + '?w=' + width;
  }
  function srcset(name) {
    return [160, 320, 640, 1280]
      .map(function (width) {
        return media(name, width) + ' ' + width + 'w';
      })
      .join(', ');
  }
  // Same URLs, srcset and sizes as the app's <img> (features/catalog/hero-preload.ts), so the
  // browser fetches each file once.
  var HERO_SIZES = '(min-width: 1200px) 1152px, 100vw';
  var LOGO_SIZES = '84px';
  var cover = family.cover || family.image;
  var images = [];
  if (cover) images.push(['.bs-cover', cover, HERO_SIZES, 'high']);
  if (family.logo) images.push(['.bs-logo', family.logo, LOGO_SIZES, 'low']);
  for (var j = 0; j < images.length; j += 1) {
    link({
      rel: 'preload',
      as: 'image',
      href: media(images[j][1], 640),
      imagesrcset: srcset(images[j][1]),
      imagesizes: images[j][2],
      fetchpriority: images[j][3],
      'data-boot': '',
    });
  }
  html.setAttribute('data-boot-hero', '');

  var other = language === 'ar' ? 'en' : 'ar';
  function fill() {
    var shell = document.getElementById('boot-shell');
    if (!shell) return;
    for (var k = 0; k < images.length; k += 1) {
      var box = shell.querySelector(images[k][0]);
      var image = document.createElement('img');
      image.alt = '';
      image.src = media(images[k][1], 640);
      image.srcset = srcset(images[k][1]);
      image.sizes = images[k][2];
      image.setAttribute('fetchpriority', images[k][3]);
      if (box) box.appendChild(image);
    }
    var name = shell.querySelector('.bs-family-name');
    var otherName = shell.querySelector('.bs-family-other');
    if (name) name.textContent = family.name[language] || '';
    if (otherName) otherName.textContent = family.name[other] || '';
    // The cover is what the visitor looks at first: the app starts once it can be painted, or after
    // a second and a half on a network too slow for it.
    var coverImage = cover && shell.querySelector('.bs-cover img');
    if (!coverImage || !coverImage.decode) return startAfterPaint();
    setTimeout(startApp, 1500);
    coverImage.decode().then(startAfterPaint, startAfterPaint);
  }
  // The shell's markup follows this script: fill it in as soon as it has been parsed, which is
  // before the first paint.
  whenParsed(fill);
})();
