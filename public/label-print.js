// The price-label print frame (building blocks §2, §9): loaded hidden with ?protype=production, it
// receives label XML from the page, posts it to the driver on this computer, and answers the page's
// close message (sent every 2 s) with the outcome once it has one.
(function () {
  var production = new URLSearchParams(location.search).get('protype') === 'production';
  var outcome = null;
  function answer(target) {
    if (outcome) target.postMessage({ type: 'hm-label-result', ok: outcome.ok, records: outcome.records, reason: outcome.reason, message: outcome.message }, location.origin);
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== location.origin || !event.data) return;
    var data = event.data;
    if (data.type === 'hm-label-print' && production) {
      outcome = null;
      fetch(data.driver + '/print', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: data.xml })
        .then(function (res) { return res.json().then(function (body) { return { res: res, body: body }; }); })
        .then(function (r) {
          outcome = r.res.ok && r.body.ok ? { ok: true, records: r.body.records } : { ok: false, reason: 'refused', message: r.body.message || '' };
        })
        .catch(function () {
          // a driver that refuses this page fails its preflight, which looks like no driver at all: its
          // status answer says whether one runs, and why it refuses
          return fetch(data.driver + '/status')
            .then(function (res) { return res.json().then(function (body) { outcome = { ok: false, reason: 'refused', message: (!res.ok && body.message) || '' }; }); })
            .catch(function () { outcome = { ok: false, reason: 'no-driver' }; });
        });
    } else if (data.type === 'hm-label-close') {
      answer(event.source);
    }
  });
})();
