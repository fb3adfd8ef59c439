# Prints the text pypdf (Debian's python3-pypdf) extracts from the PDF on stdin: a reader that uses only
# the fonts' ToUnicode maps, with no ActualText and no layout analysis.
import io
import sys

import pypdf

reader = pypdf.PdfReader(io.BytesIO(sys.stdin.buffer.read()))
sys.stdout.write("\n".join(page.extract_text() for page in reader.pages))
