// The EU cookie consent interstitial youtube.com serves instead of a watch page to addresses in Europe: a
// page whose form posts to consent.youtube.com/s with the consent version in its hidden "v" field. Shaped
// on captured pages (German, as a server in Frankfurt gets it); the wording here is Lectern's own.

export const CONSENT_VERSION = 'cb.20210328-17-p0.de+FX+119';

export function consentPage(videoId: string): string {
  const watch = `https://www.youtube.com/watch?v=${videoId}`;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}">`;
  return (
    '<!DOCTYPE html><html lang="de" dir="ltr"><head><title>Bevor Sie zu YouTube weitergehen</title></head>' +
    '<body><div class="box"><h1>Bevor Sie zu YouTube weitergehen</h1>' +
    '<p>Wir verwenden Cookies und Daten, um Dienste zur Verfügung zu stellen.</p><div>' +
    `<a href="https://consent.youtube.com/dl?continue=${encodeURIComponent(watch)}&amp;gl=DE&amp;hl=de&amp;pc=yt&amp;src=1" class="button">Anpassen</a>` +
    '<form action="https://consent.youtube.com/s" method="POST" style="display:inline;">' +
    hidden('gl', 'DE') +
    hidden('m', '0') +
    hidden('pc', 'yt') +
    hidden('continue', watch) +
    hidden('ca', 'r') +
    hidden('x', '8') +
    hidden('v', CONSENT_VERSION) +
    hidden('t', 'ADw3F8g8aGOdnUecosRgDrAJqqz40u4HBw:1617193322464') +
    hidden('hl', 'de') +
    hidden('src', '1') +
    '<input type="submit" value="Ich stimme zu" class="button"/></form></div></div>' +
    '<div class="footer"><form action="https://consent.youtube.com/ml" method="get">' +
    '<select id="languageselect" name="hl"><option value="de">Deutsch</option><option value="en">English</option></select>' +
    `${hidden('continue', watch)}<input type="submit" value="Speichern"></form></div></body></html>`
  );
}
