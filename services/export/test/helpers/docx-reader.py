# Reads a DOCX from stdin with python-docx (Debian's python3-docx) and prints what a reader gets as JSON:
# the paragraphs' text, the core properties, and the language marks of the default run style.
import io
import json
import sys

import docx
from docx.oxml.ns import qn

document = docx.Document(io.BytesIO(sys.stdin.buffer.read()))
core = document.core_properties


def lang_of(r_pr):
    if r_pr is None:
        return None
    lang = r_pr.find(qn("w:lang"))
    if lang is None:
        return None
    return {key.split("}")[1]: value for key, value in lang.attrib.items()}


defaults = document.styles.element.find(qn("w:docDefaults"))
default_rpr = None
if defaults is not None:
    default_rpr = defaults.find(qn("w:rPrDefault") + "/" + qn("w:rPr"))

print(
    json.dumps(
        {
            "paragraphs": [paragraph.text for paragraph in document.paragraphs],
            "author": core.author,
            "lastModifiedBy": core.last_modified_by,
            "title": core.title,
            "language": core.language,
            "defaultLang": lang_of(default_rpr),
            "rtlParagraphs": [
                paragraph.text
                for paragraph in document.paragraphs
                if paragraph._p.pPr is not None and paragraph._p.pPr.find(qn("w:bidi")) is not None
            ],
        }
    )
)
