// Extracts a PDF's text with pdf-parse (pdf.js) in a plain Node process: pdf.js loads its worker with a
// dynamic import, which jest's CommonJS sandbox does not allow. Reads the PDF on stdin, prints JSON.
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText();
    process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
  } finally {
    await parser.destroy();
  }
});
