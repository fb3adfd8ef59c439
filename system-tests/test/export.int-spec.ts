import { OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from '@lectern/contracts';
import {
  analysed,
  binary,
  docxHeadings,
  docxParagraphTexts,
  docxPart,
  markdownHeadings,
  markdownLinks,
  markdownSection,
  markdownText,
  pdfText,
  readMarkdown,
  signedInAs,
  startExportStack,
  type ExportStack,
} from './support/export-fixtures';

// One lecture with a highlight, notes and AI content, downloaded in every format through the gateway and the
// export worker; each file is parsed, not only its headers.
describe('exporting a video', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let videoId: string;
  const download = (format: string) =>
    pro.get(`/api/videos/${videoId}/export/${format}`).buffer(true).parse(binary);

  beforeAll(async () => {
    stack = await startExportStack();
    pro = await signedInAs(stack, 'pro');
    videoId = await analysed(pro, 'supplydmnd1');
    const video = await pro.get(`/api/videos/${videoId}`);
    const phrase = 'equilibrium price and quantity';
    const startIndex = (video.body.transcriptText as string).indexOf(phrase);
    const highlight = await pro
      .post('/api/highlights')
      .send({ videoId, text: phrase, startIndex, endIndex: startIndex + phrase.length, color: 'green' });
    expect(highlight.status).toBe(201);
    const notes = await pro
      .put(`/api/videos/${videoId}/notes`)
      .send({ notes: 'Draw the umbrella market.\nElasticity: salt vs meals. Заметка 潮汐 مصدر' });
    expect(notes.status).toBe(200);
    // AI content as the ai worker stores it: every generation is kept, the newest of each kind is shown. The
    // summary is the offline engine's (labelled in every export), the insights a model's (not labelled).
    await stack.db.query(
      `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model, created_at)
       VALUES ($1, 'summary', 'short', 'An older summary nobody should see.', 'offline', 'extractive', now() - interval '1 hour'),
              ($1, 'summary', 'short', 'Prices settle where **supply meets demand**.', 'offline', 'extractive', now()),
              ($1, 'insights', NULL, '- Curves shift\n- Elasticity varies', 'openai', 'gpt-4o-mini', now())`,
      [videoId],
    );
  }, 60_000);
  afterAll(() => stack.close());

  it('writes the exact TXT layout', async () => {
    const before = Date.now();
    const response = await download('txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = (response.body as Buffer).toString('utf8');
    expect(Number(response.headers['content-length'])).toBe((response.body as Buffer).length);

    const exported = /^Exported: (\d{4}-\d\d-\d\d \d\d:\d\d) UTC$/m.exec(text)?.[1];
    const exportedAt = Date.parse(`${exported}Z`);
    expect(exportedAt).toBeGreaterThan(before - 60_000);
    expect(exportedAt).toBeLessThanOrEqual(Date.now());
    expect(text.replace(/^Exported: .*$/m, 'Exported: <now>')).toBe(
      [
        'Supply and Demand in Ten Minutes',
        '================================',
        '',
        'Channel: Open Market Economics',
        'Video: https://www.youtube.com/watch?v=supplydmnd1',
        'Duration: 2:32',
        'Exported: <now>',
        '',
        'Transcript',
        '----------',
        '',
        '[0:01] Every market has two sides: the people who want to buy and the people who want to sell. The demand curve shows how much buyers want at each price. It usually slopes downward: when coffee gets cheaper, people drink more of it. The supply curve shows how much sellers will offer at each price. It usually slopes upward: a higher price makes it worth producing more. Where the two curves cross, we find the equilibrium price and quantity.',
        '',
        '[0:35] At that price, the amount buyers want equals the amount sellers offer. Suppose the price is above equilibrium. Sellers are left with unsold stock: a surplus. To clear the surplus, they cut prices, and the market moves back toward equilibrium. If the price is below equilibrium, buyers compete for scarce goods: a shortage. Queues form, prices rise, and again the market drifts toward the crossing point. Now the important distinction: a movement along a curve versus a shift of the curve.',
        '',
        "[1:10] A change in the good's own price moves us along the curve. A change in anything else, like income, tastes or the price of tea, shifts the whole curve. Say a study shows coffee is good for your health. Demand shifts to the right. The result is a higher equilibrium price and a larger quantity sold. Now say frost destroys part of the harvest in a big producing country. Supply shifts left.",
        '',
        '[1:42] The price rises again, but this time the quantity sold falls. Economists use the word elasticity for how strongly quantity reacts to price. Salt has very inelastic demand: even if it doubles in price, you buy about the same amount. Restaurant meals are more elastic: when prices rise, many people cook at home instead. Governments sometimes set a price ceiling, such as a cap on rents. If the ceiling is below equilibrium, the model predicts a persistent shortage.',
        '',
        '[2:16] Real markets are messier than two straight lines, but this model is the starting point. For practice, draw what happens to the market for umbrellas during an unusually rainy month.',
        '',
        'Highlights',
        '----------',
        '',
        '[0:29] Green: equilibrium price and quantity',
        '',
        'Notes',
        '-----',
        '',
        'Draw the umbrella market.',
        'Elasticity: salt vs meals. Заметка 潮汐 مصدر',
        '',
        'AI Study Material',
        '-----------------',
        '',
        'Summary (Short)',
        '~~~~~~~~~~~~~~~',
        '',
        OFFLINE_MATERIAL_NOTICE,
        WRITTEN_MATERIAL_HINT,
        '',
        'Prices settle where supply meets demand.',
        '',
        'Key Insights',
        '~~~~~~~~~~~~',
        '',
        '- Curves shift',
        '- Elasticity varies',
        '',
        '',
      ].join('\n'),
    );
  });

  it('renders a PDF whose text has the transcript, timestamps, highlight, notes and AI content', async () => {
    const response = await download('pdf');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`Page ${pages}`);
    expect(text).toContain('Supply and Demand in Ten Minutes');
    expect(text).toContain('Channel: Open Market Economics');
    expect(text).toContain('https://www.youtube.com/watch?v=supplydmnd1');
    expect(text).toMatch(/\[0:01\] Every market has two sides/);
    for (const stamp of ['[0:35]', '[1:10]', '[1:42]', '[2:16]']) expect(text).toContain(stamp);
    const compact = text.replace(/\s+/g, ' ');
    expect(compact).toContain('unusually rainy month');
    expect(compact).toContain('[0:29] Green: equilibrium price and quantity');
    expect(text).toContain('Draw the umbrella market.');
    for (const word of ['Заметка', '潮汐', 'مصدر']) expect(text).toContain(word);
    expect(text).toContain('Summary (Short)');
    expect(compact).toContain('supply meets demand');
    expect(compact.split(OFFLINE_MATERIAL_NOTICE)).toHaveLength(2);
    expect(compact.split(WRITTEN_MATERIAL_HINT)).toHaveLength(2);
    expect(text).not.toContain('older summary');
    expect(text).toContain('Key Insights');
    expect(text).toContain('Elasticity varies');
  });

  it('renders a DOCX with Word headings, the transcript, highlight colour, notes and AI content', async () => {
    const response = await download('docx');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const docx = response.body as Buffer;
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const xml = await docxPart(docx);
    const paragraphs = docxParagraphTexts(xml);
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect(paragraphs).toContain('Supply and Demand in Ten Minutes');
    expect(paragraphs).toContain('Channel: Open Market Economics');
    const headings = docxHeadings(xml);
    expect(headings).toEqual([
      'Heading1: Transcript',
      'Heading1: Highlights',
      'Heading1: Notes',
      'Heading1: AI Study Material',
      'Heading2: Summary (Short)',
      'Heading2: Key Insights',
    ]);
    expect(paragraphs.filter((p) => /^\[\d+:\d\d\] /.test(p)).map((p) => p.slice(0, 6))).toEqual([
      '[0:01]',
      '[0:35]',
      '[1:10]',
      '[1:42]',
      '[2:16]',
      '[0:29]',
    ]);
    expect(xml).toMatch(/w:fill="C8E6C9"[\s\S]*?equilibrium price and quantity/);
    expect(paragraphs).toContain('[0:29] Green: equilibrium price and quantity');
    expect(paragraphs).toContain('Elasticity: salt vs meals. Заметка 潮汐 مصدر');
    expect(paragraphs.join('\n')).toContain('Prices settle where supply meets demand.');
    expect(paragraphs.filter((p) => p === OFFLINE_MATERIAL_NOTICE || p === WRITTEN_MATERIAL_HINT)).toEqual([
      OFFLINE_MATERIAL_NOTICE,
      WRITTEN_MATERIAL_HINT,
    ]);
    expect(xml).not.toContain('older summary');
    const styles = await docxPart(docx, 'word/styles.xml');
    expect(styles).toContain('w:styleId="Heading1"');
  });

  it('writes Markdown that remark reads: front matter, headings, moments as links to the video', async () => {
    const response = await download('md');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'filename="Supply_and_Demand_in_Ten_Minutes.md"',
    );
    const { tree, frontMatter } = await readMarkdown(response.body as Buffer);
    expect(frontMatter).toEqual({
      title: 'Supply and Demand in Ten Minutes',
      channel: 'Open Market Economics',
      link: 'https://www.youtube.com/watch?v=supplydmnd1',
      date: new Date().toISOString().slice(0, 10),
      duration: '2:32',
      tags: ['lectern', 'youtube', 'channel/open-market-economics'],
    });
    expect(markdownHeadings(tree)).toEqual([
      '1 Supply and Demand in Ten Minutes',
      '2 Highlights',
      '2 Notes',
      '2 AI Study Material',
      '3 Summary (Short)',
      '3 Key Insights',
      '2 Transcript',
    ]);
    const watch = 'https://www.youtube.com/watch?v=supplydmnd1';
    expect(markdownLinks(markdownSection(tree, 'Highlights'))).toEqual([`0:29 -> ${watch}&t=29s`]);
    expect(markdownLinks(markdownSection(tree, 'Transcript'))).toEqual(
      [1, 35, 70, 102, 136].map(
        (t) => `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')} -> ${watch}&t=${t}s`,
      ),
    );
    expect(markdownSection(tree, 'Notes').map(markdownText)).toEqual([
      'Draw the umbrella market.\nElasticity: salt vs meals. Заметка 潮汐 مصدر',
    ]);
    expect(markdownSection(tree, 'Summary (Short)').map(markdownText)).toEqual([
      `${OFFLINE_MATERIAL_NOTICE}\n${WRITTEN_MATERIAL_HINT}`,
      'Prices settle where supply meets demand.',
    ]);
    expect(markdownSection(tree, 'Key Insights')[0]?.children?.map(markdownText)).toEqual([
      'Curves shift',
      'Elasticity varies',
    ]);
  });

  it('lets Free users export Markdown, like TXT', async () => {
    const free = await signedInAs(stack, 'free');
    const freeVideo = await analysed(free, 'supplydmnd1');
    const response = await free.get(`/api/videos/${freeVideo}/export/md`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    const { frontMatter } = await readMarkdown(response.body as Buffer);
    expect(frontMatter?.title).toBe('Supply and Demand in Ten Minutes');
  });

  it('leaves no rendered export in the database once the downloads are done', async () => {
    await Promise.all(['txt', 'md', 'pdf', 'docx'].map((format) => download(format)));
    expect(await stack.exportFileCount()).toBe(0);
  });
});
