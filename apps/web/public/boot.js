/* global document, location, requestAnimationFrame, window */
// Runs before the first paint (a small classic script in <head>; the CSP allows no inline script).
// It puts the document in the visitor's language, direction and colour mode, and on catalogue pages
// shows the static shell from index.html (header, and on the main screen the stored family's hero),
// before the app's JavaScript has even been asked for. It also loads the app: in the build,
// index.html has no script of its own (vite.config.ts moves the entry here), and boot.js requests
// the code, stylesheet and web fonts once the shell (with the hero image) has painted, so the first
// screen never waits for the app's downloads or start-up work
// (docs/decisions/0007-boot-loads-the-app.md). The app removes the shell when it
// renders (app/root-layout.tsx). Meanwhile it starts the first screen's API requests (the guest
// sign-in, the session check, the product, the chooser's list) and preloads the image they name, for
// the app to take over instead of asking again (docs/decisions/0038-boot-starts-the-first-requests.md).
(function () {
  // The app's local storage keys (src/lib/storage-keys.ts), written in by the build and the dev
  // server (vite.config.ts); app/boot-shell.test.ts checks every key and family field read here.
  var keys = null; /* storage-keys */
  // The API addresses the app asks first, its request timeout, and its image widths and sizes
  // (features/catalog/boot-plan.ts), written in the same way.
  var plan = null; /* boot-plan */
  if (!keys || !plan) return;
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

  // The app's image addresses (lib/media.ts: the largest width is the stored image itself) and srcset
  // (features/catalog/media-image.tsx, whose src is the 640 px file): a preload with the same srcset and
  // sizes as the <img> fetches the file the <img> uses.
  function mediaUrl(base, name, width) {
    var stored = plan.widths[plan.widths.length - 1];
    return base + (width < stored ? '/w' + width : '') + '/' + encodeURIComponent(name);
  }
  function srcset(base, name) {
    return plan.widths
      .map(function (width) {
        return mediaUrl(base, name, width) + ' ' + width + 'w';
      })
      .join(', ');
  }
  function preloadImage(base, name, sizes, priority, what) {
    link({
      rel: 'preload',
      as: 'image',
      href: mediaUrl(base, name, 640),
      imagesrcset: srcset(base, name),
      imagesizes: sizes,
      fetchpriority: priority,
      'data-boot': what,
    });
  }

  // Requests made exactly as lib/api-client.ts makes them, left for the app, whose identical request
  // takes one over once (lib/boot-requests.ts) and handles its answer, refusal or failure as its own.
  var requests = [];
  window.dalilBootRequests = requests;
  // `then` gets the parsed answer of a success before the app can see it, so what it starts next is
  // listed before the app could ask for that.
  function request(method, url, token, body, then) {
    var headers = { Accept: 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    if (body !== null) headers['Content-Type'] = 'application/json';
    var sent = { method: method, url: url, token: token, body: body, startedAt: Date.now() };
    sent.response = fetch(url, {
      method: method,
      headers: headers,
      body: body === null ? undefined : body,
      credentials: 'omit',
      signal: AbortSignal.timeout(plan.timeoutMs),
    }).then(function (response) {
      return response.text().then(function (text) {
        if (then && response.ok) {
          try {
            then(JSON.parse(text));
          } catch {
            // Not the answer expected: the app's own check of it says what is wrong.
          }
        }
        // This body has been read: the app gets the same answer in a response of its own.
        var empty = response.status === 204 || response.status === 205 || response.status === 304;
        return new Response(empty ? null : text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      });
    });
    // A failure is the app's to handle when it takes the request over, not an unhandled rejection.
    sent.response.catch(function () {});
    requests.push(sent);
    return sent.response;
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
  // Starts the app once the page's first paint is on the screen, or at the latest after a second. A
  // paint observer hears of that frame only once it has been shown; a task queued from its
  // requestAnimationFrame can run while it is still being rastered, and the app's downloads and
  // start-up would then delay it.
  function startAfterFirstPaint() {
    if (!window.PerformanceObserver) return startAfterPaint();
    setTimeout(startApp, 1000);
    new PerformanceObserver(startApp).observe({ type: 'paint', buffered: true });
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
  // A visitor page's address may name its language (?lang=en): it wins, as in the app and on the
  // server, which answered this page in it. A first visit to the catalogue keeps the language the
  // server answered the page in (from the browser's Accept-Language): Arabic unless it said English.
  var admin = location.pathname.indexOf('/admin') === 0;
  var named = admin ? null : new URLSearchParams(location.search).get('lang');
  var language = named === 'ar' || named === 'en' ? named : read(admin ? keys.adminLanguage : keys.language);
  if (language !== 'ar' && language !== 'en') {
    language = html.lang === 'en' ? 'en' : 'ar';
    if (admin) {
      var preferred = (navigator.languages || [navigator.language || '']).map(function (l) {
        return String(l).toLowerCase().slice(0, 2);
      });
      var ar = preferred.indexOf('ar');
      var en = preferred.indexOf('en');
      language = ar !== -1 && (en === -1 || ar < en) ? 'ar' : 'en';
    }
  }
  // A language named by the address reads its own way round, as in the app.
  var direction = named === language ? null : read(keys.direction);
  if (direction !== 'ltr' && direction !== 'rtl') direction = language === 'ar' ? 'rtl' : 'ltr';
  html.lang = language;
  html.dir = direction;
  // The colour mode follows the system until the person picks one.
  var mode = read(keys.colourMode);
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  // Set in light mode too: a server-rendered page's styles follow the system only without this script.
  html.setAttribute('data-mode', mode);

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
  // The product page's id as the app reads it (a positive whole number), or null.
  var productId = page === 'product' ? Number(path.slice(path.lastIndexOf('/') + 1)) : 0;
  if (!Number.isSafeInteger(productId) || productId <= 0) productId = null;
  // A page the server rendered carries its content and the answers it shows (page-data, in the head
  // before this script): the app takes them from the page, and there is no shell to show.
  var served = page && document.getElementById('page-data');
  // Whether the shell waits for the product's image before the app starts.
  var productInShell = false;
  function requestProduct(token, mediaBase, inShell) {
    var shown = false;
    productInShell = inShell;
    request('GET', plan.product + productId, token, null, function (product) {
      var name = product && product.image;
      if (typeof name !== 'string' || !name) return;
      // The page's largest paint: fetched while the app's code downloads, not after it has run.
      preloadImage(mediaBase, name, plan.sizes.product, 'high', 'product');
      // A returning visitor sees the shell: it shows the image where the page will show it.
      shown = inShell;
      if (shown)
        whenParsed(function () {
          showProductImage(mediaBase, name);
        });
    }).then(
      function () {
        if (inShell && !shown) whenParsed(startAfterPaint);
      },
      function () {
        if (inShell) whenParsed(startAfterPaint);
      },
    );
  }
  // The image is the product page's largest paint: like the hero (fill, below), the app starts once it
  // can be painted, so its start-up work does not come before it.
  function showProductImage(mediaBase, name) {
    var shell = document.getElementById('boot-shell');
    var box = shell && shell.querySelector('.bs-image');
    if (!box) return startAfterPaint();
    var image = document.createElement('img');
    image.alt = '';
    image.src = mediaUrl(mediaBase, name, 640);
    image.srcset = srcset(mediaBase, name);
    image.sizes = plan.sizes.product;
    image.setAttribute('fetchpriority', 'high');
    box.appendChild(image);
    html.setAttribute('data-boot-product', '');
    startAfterImage(image);
  }
  // Starts the app once `image` (the page's largest paint) can be painted, or at the latest after a
  // second and a half on a network too slow for it.
  function startAfterImage(image) {
    if (!image || !image.decode) return startAfterPaint();
    setTimeout(startApp, 1500);
    image.decode().then(startAfterPaint, startAfterPaint);
  }
  // The requests the app would make first on this page, in the app's order.
  function startRequests() {
    if (typeof fetch !== 'function' || typeof Response !== 'function') return;
    if (!window.AbortSignal || !AbortSignal.timeout) return;
    if (token) {
      // A returning visitor: the session check (main.tsx), then the product.
      if (!page) return;
      request('GET', plan.session, token, null);
      if (productId && !served) requestProduct(token, plan.media, true);
      return;
    }
    // A first-time visitor: the guard sends them to the visitor login, which reads the config and,
    // when it offers a guest account, signs in with it (features/auth/login-screen.tsx), then comes
    // back: the session check, then the product, or the chooser's list when no family is chosen.
    if (!page && path !== '/catalog/login') return;
    var chooser =
      path === '/catalog/login' ||
      page === 'family' ||
      (page === 'main' && linked === null && !read(keys.family));
    request('GET', plan.config, null, null, function (config) {
      var guest = config && config.guest;
      if (!guest || typeof guest.username !== 'string' || typeof guest.password !== 'string') return;
      var base = config.mediaBaseUrl ? String(config.mediaBaseUrl).replace(/\/+$/, '') : plan.media;
      // The app's body: the config's guest account as a LoginBody (username, then password).
      var credentials = JSON.stringify({ username: guest.username, password: guest.password });
      request('POST', plan.login, null, credentials, function (login) {
        var guestToken = login && login.token;
        if (typeof guestToken !== 'string' || !guestToken) return;
        request('GET', plan.session, guestToken, null);
        if (served) return;
        if (productId) return requestProduct(guestToken, base, false);
        if (chooser) request('GET', plan.families, guestToken, null, preloadFirstCovers(base));
      });
    });
  }
  // The covers of the chooser's first cards, which it loads at once (features/catalog/
  // family-chooser-page.tsx): its largest paint is one of them. With a single family the chooser opens
  // that family's catalogue instead, and shows no cover.
  function preloadFirstCovers(base) {
    return function (families) {
      var list = families && families.data;
      if (!list || list.length < 2) return;
      for (var i = 0; i < list.length && i < plan.chooserEagerCards; i += 1) {
        var card = list[i] || {};
        var cover = card.cover !== null && card.cover !== undefined ? card.cover : card.image;
        if (typeof cover === 'string' && cover)
          preloadImage(base, cover, plan.sizes.familyCover, 'high', 'cover');
      }
    };
  }

  // The family the app restores from storage, when both of its keys agree; else null.
  function rememberedFamily() {
    var family;
    try {
      family = JSON.parse(read(keys.selectedFamily) || 'null');
    } catch {
      return null;
    }
    if (!family || typeof family.id !== 'number' || read(keys.family) !== String(family.id)) return null;
    return family;
  }

  var token = read(keys.token);
  if (token === 'null') token = null;
  var linked = new URLSearchParams(location.search).get('family');
  // The catalogue's address without a family shows the family this browser chose last (the app's
  // restoreFamily: both keys agree); the server, which cannot know it, sent the chooser. A visitor
  // who chose one sees neither the chooser nor its flash: the markup stays hidden and this page goes
  // on as one the server did not render (the shell with the family's hero).
  var family = rememberedFamily();
  if (served && page === 'main' && linked === null && family) {
    html.setAttribute('data-remembered-family', '');
    served = null;
  }
  startRequests();
  // The page's route code downloads with the entry; a first-time visitor reaches the page too, after
  // the guest sign-in.
  if (page) routeChunks = (chunks.layout || []).concat(chunks[page] || []);
  // A page the server rendered paints its content before the app starts. Without a session the
  // guard sends the visitor to the login: nothing to show early.
  if (!page || !token || served) return whenParsed(served ? startAfterFirstPaint : startApp);
  html.setAttribute('data-boot', 'catalog');
  // A returning visitor's product page: the app starts once the shell shows the product's image
  // (showProductImage), or the product cannot be shown, or at the latest after a second and a half.
  if (productInShell) return setTimeout(startApp, 1500);
  if (page !== 'main') return whenParsed(startAfterPaint);
  if (!family || (linked !== null && linked !== String(family.id)) || !family.name)
    return whenParsed(startAfterPaint);

  // Same URLs, srcset and sizes as the app's hero (features/catalog/catalog-hero.tsx), so the browser
  // fetches each file once; the app's own preload (hero-preload.ts) then has nothing to add.
  var cover = family.cover || family.image;
  var images = [];
  if (cover) images.push(['.bs-cover', cover, plan.sizes.hero, 'high']);
  if (family.logo) images.push(['.bs-logo', family.logo, plan.sizes.heroLogo, 'low']);
  for (var j = 0; j < images.length; j += 1)
    preloadImage(plan.media, images[j][1], images[j][2], images[j][3], 'hero');
  html.setAttribute('data-boot-hero', '');

  var other = language === 'ar' ? 'en' : 'ar';
  function fill() {
    var shell = document.getElementById('boot-shell');
    if (!shell) return;
    for (var k = 0; k < images.length; k += 1) {
      var box = shell.querySelector(images[k][0]);
      var image = document.createElement('img');
      image.alt = '';
      image.src = mediaUrl(plan.media, images[k][1], 640);
      image.srcset = srcset(plan.media, images[k][1]);
      image.sizes = images[k][2];
      image.setAttribute('fetchpriority', images[k][3]);
      if (box) box.appendChild(image);
    }
    var name = shell.querySelector('.bs-family-name');
    var otherName = shell.querySelector('.bs-family-other');
    if (name) name.textContent = family.name[language] || '';
    if (otherName) otherName.textContent = family.name[other] || '';
    // The cover is what the visitor looks at first.
    startAfterImage(cover && shell.querySelector('.bs-cover img'));
  }
  // The shell's markup follows this script: fill it in as soon as it has been parsed, which is
  // before the first paint.
  whenParsed(fill);
})();
