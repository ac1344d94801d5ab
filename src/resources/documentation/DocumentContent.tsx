/**
 * One document as the documentation panel shows it (spec section 2): a text as text (its line
 * breaks kept), a link as a link opening a new tab without handing it this page, an image as a
 * preview of its download, a file as a download link named by the server's content-disposition.
 */
import { Box, Link, Typography } from '@mui/material';
import { downloadLargeFile } from '../../dataProvider/download';
import { apiUrl } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { mustGetCategory } from '../../schemas';
import { DOCUMENT_KEY } from './documentation';

/** A document as GET /api/full/{cat}/{id}?fields=basic_docs_list answers it. */
export interface ShownDocument {
  id: number;
  name: string;
  doc_type: string;
  content?: string | null;
  filename?: string | null;
  target_class?: string | null;
}

/** '/download/document/3': the route the basic document's file declares. */
export function documentDownloadPath(id: number): string {
  const category = mustGetCategory(DOCUMENT_KEY);
  return `/download/${category.file?.route ?? category.key}/${encodeURIComponent(String(id))}`;
}

/** Only http(s) addresses become links: the server refuses other schemes, and a stored one stays inert. */
const isWebAddress = (value: string) => /^https?:\/\//i.test(value.trim());

export const DocumentContent = ({ document, cacheBuster }: { document: ShownDocument; cacheBuster: string }) => {
  const content = document.content ?? '';
  // A File or Image document made before uploads holds its content only: shown as text, not as a link to nothing.
  const fileless = (document.doc_type === 'file' || document.doc_type === 'image') && !document.filename;
  switch (fileless ? 'text' : document.doc_type) {
    case 'link':
      return isWebAddress(content) ? (
        <Link href={content.trim()} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {content.trim()}
        </Link>
      ) : (
        <Typography variant="body2">{content}</Typography>
      );
    case 'image':
      return (
        <Box
          component="img"
          src={apiUrl(documentDownloadPath(document.id), { r: cacheBuster })}
          alt={document.name}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }}
        />
      );
    case 'file':
      return (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => downloadLargeFile(documentDownloadPath(document.id)).catch((failure: unknown) => reportError(failure))}
          sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
        >
          {document.filename || document.name}
        </Link>
      );
    default:
      return (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content}
        </Typography>
      );
  }
};
