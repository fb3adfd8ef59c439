import JSZip from 'jszip';
import initSqlJs from 'sql.js';

/** What Anki reads from a package: its collection, opened as SQLite, and the media list. */
export async function openAnkiPackage(apkg: Buffer) {
  const zip = await JSZip.loadAsync(apkg);
  const collection = await zip.file('collection.anki2')?.async('uint8array');
  if (!collection) throw new Error('collection.anki2 is missing from the package');
  const media = JSON.parse((await zip.file('media')?.async('string')) ?? 'null') as unknown;
  const SQL = await initSqlJs();
  const db = new SQL.Database(collection);
  type Row = Record<string, string | number | null>;
  const rows = (sql: string): Row[] => {
    const [result] = db.exec(sql);
    if (!result) return [];
    return result.values.map(
      (values): Row =>
        Object.fromEntries(result.columns.map((column, i) => [column, values[i] ?? null])) as Row,
    );
  };
  const [col] = rows('SELECT ver, models, decks FROM col');
  const decks = Object.values(
    JSON.parse(String(col?.decks)) as Record<string, { id: number; name: string; desc: string }>,
  );
  const models = Object.values(
    JSON.parse(String(col?.models)) as Record<
      string,
      { id: string; name: string; flds: Array<{ name: string }> }
    >,
  );
  const notes = rows('SELECT id, guid, mid, flds, sfld, csum, tags FROM notes ORDER BY id').map((note) => ({
    id: Number(note.id),
    guid: String(note.guid),
    mid: Number(note.mid),
    sortField: String(note.sfld),
    checksum: Number(note.csum),
    fields: String(note.flds).split('\x1f'),
    // Anki keeps a note's tags space-separated with a space at each end.
    tags: String(note.tags).trim().split(/\s+/u).filter(Boolean),
  }));
  const cards = rows('SELECT id, nid, did, ord, type, queue, due FROM cards ORDER BY due');
  db.close();
  return { files: Object.keys(zip.files).sort(), media, version: col?.ver, decks, models, notes, cards };
}
