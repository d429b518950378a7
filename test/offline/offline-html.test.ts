// The offline report's HTML (lib/offline/offline-html.ts) and how its viewer reads the data back
// (offline-payload.ts): JSON that no label can break out of, a viewer that cannot end its own element,
// no network in the file's policy, and a clear reason for a damaged file.
import { describe, expect, it } from 'vitest';
import { OFFLINE_CSP, offlineReportHtml, offlineTitle, scriptSafeJson } from '@/lib/offline/offline-html';
import { parseOfflinePayload } from '@/lib/offline/offline-payload';
import { sampleReport } from '../share/sample-report';
import { payloadOf, payloadText } from './offline-file';

const ASSETS = { script: 'console.log("viewer")', css: 'body{color:black}' };
const HOSTILE = 'a</script><script>alert(1)</script>\u2028b\u2029c<!--d';

describe('offline report HTML', () => {
  it('a label with </script>, <!-- and U+2028 stays inside the JSON element and reads back unchanged', () => {
    const report = sampleReport();
    report.datasets[0]!.label = HOSTILE;
    const html = offlineReportHtml(report, ASSETS);
    // Closing tags: the JSON element's and the viewer's, nothing from the label.
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(html.includes('<!--d')).toBe(false);
    // In the JSON the separators are escapes (the title, HTML text, may hold them as they are).
    expect(/[\u2028\u2029]/.test(payloadText(html))).toBe(false);
    expect(payloadOf(html).datasets[0]!.label).toBe(HOSTILE);
    // The whole report comes back as it went in.
    expect(payloadOf(html)).toEqual(report);
  });

  it('scriptSafeJson writes < and the two line separators as escapes JSON.parse reads back', () => {
    expect(scriptSafeJson({ s: '</x>\u2028\u2029' })).toBe('{"s":"\\u003c/x>\\u2028\\u2029"}');
    expect(JSON.parse(scriptSafeJson({ s: '</x>\u2028' }))).toEqual({ s: '</x>\u2028' });
  });

  it('the title names the datasets and the event, escaped', () => {
    const report = sampleReport();
    report.datasets[1]!.label = 'B & <C>';
    expect(offlineTitle(report)).toBe('flash-on-PRIVATE-label-7f3a9c vs B & <C>: log file sync · waitscope report');
    expect(offlineReportHtml(report, ASSETS)).toContain('<title>flash-on-PRIVATE-label-7f3a9c vs B &amp; &lt;C&gt;: log file sync · waitscope report</title>');
  });

  it('the file forbids every network request in its own policy', () => {
    const html = offlineReportHtml(sampleReport(), ASSETS);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}">`);
    expect(OFFLINE_CSP).toMatch(/^default-src 'none';/);
    // Nothing may load from anywhere: no source list names a scheme or host besides data: and blob: images.
    expect(OFFLINE_CSP).not.toMatch(/https?:|\*|'self'/);
    expect(/<(script|link|img)[^>]+(src|href)=/i.test(html)).toBe(false);
  });

  it('a viewer or style sheet holding its closing tag is refused, not written cut short', () => {
    expect(() => offlineReportHtml(sampleReport(), { ...ASSETS, script: 'x="</SCRIPT>"' })).toThrow(/<\/script/);
    expect(() => offlineReportHtml(sampleReport(), { ...ASSETS, css: 'a{}</style>' })).toThrow(/<\/style/);
  });
});

describe('the viewer reading its data back', () => {
  it('reads the report the file holds', () => {
    const html = offlineReportHtml(sampleReport(), ASSETS);
    const read = parseOfflinePayload(payloadText(html));
    expect(read).toEqual({ ok: true, report: sampleReport() });
  });

  it('names what is wrong with a missing, cut or foreign payload', () => {
    expect(parseOfflinePayload(null)).toEqual({ ok: false, message: expect.stringMatching(/holds no report/) });
    const text = scriptSafeJson(sampleReport());
    expect(parseOfflinePayload(text.slice(0, text.length / 2))).toEqual({ ok: false, message: expect.stringMatching(/not valid JSON .*cut short/) });
    expect(parseOfflinePayload('[1,2]')).toEqual({ ok: false, message: 'The data in this file is not a waitscope report.' });
    expect(parseOfflinePayload(JSON.stringify({ ...sampleReport(), version: 1 }))).toEqual({ ok: false, message: expect.stringMatching(/version 1; its viewer draws version 2/) });
    expect(parseOfflinePayload(JSON.stringify({ ...sampleReport(), datasets: [] }))).toEqual({ ok: false, message: 'The report in this file has no datasets.' });
  });
});
