/* global document, location */
// Runs before the first paint (a small classic script in <head>; the CSP allows no inline script).
// It puts the document in the visitor's language, direction and colour mode, and on catalogue pages
// shows the static shell from index.html (header, and on the main screen the stored family's hero),
// so something real is painted while the app's JavaScript downloads. It also starts the catalogue's
// code and hero image early. The app removes the shell when it renders (app/root-layout.tsx). Keep
// the stored keys in step with lib/preferences-store.ts, lib/session.ts and features/catalog.
(function () {
  var html = document.documentElement;
  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var language = read('language') === 'en' ? 'en' : 'ar';
  var direction = read('direction');
  if (direction !== 'ltr' && direction !== 'rtl') direction = language === 'ar' ? 'rtl' : 'ltr';
  html.lang = language;
  html.dir = direction;
  if (read('colourMode') === 'dark') html.setAttribute('data-mode', 'dark');

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
  var token = read('token');
  // Without a session the guard sends the visitor to the login: nothing to show early.
  if (!page || !token || token === 'null') return;
  html.setAttribute('data-boot', 'catalog');

  function link(attributes) {
    var element = document.createElement('link');
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  // The catalogue's code, after the hero image (below): over HTTP/1.1 requests queue for six
  // connections, and the image is what the visitor looks at first.
  function preloadChunks() {
    var files = (chunks.layout || []).concat(chunks[page] || []);
    for (var i = 0; i < files.length; i += 1) link({ rel: 'modulepreload', href: files[i] });
  }
  if (page !== 'main') return preloadChunks();
  var family = null;
  try {
    family = JSON.parse(read('selectedFamily') || 'null');
  } catch {
    family = null;
  }
  var linked = new URLSearchParams(location.search).get('family');
  if (
    !family ||
    typeof family.id !== 'number' ||
    read('family') !== String(family.id) ||
    (linked !== null && linked !== String(family.id)) ||
    !family.name
  )
    return preloadChunks();

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
  preloadChunks();

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
  }
  // The shell's markup follows this script: fill it in as soon as it has been parsed, which is
  // before the first paint and before the deferred app scripts run.
  if (document.readyState !== 'loading') fill();
  else
    document.addEventListener('readystatechange', function onReady() {
      document.removeEventListener('readystatechange', onReady);
      fill();
    });
})();
