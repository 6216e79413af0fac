import {
  Box,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { PdfBlock } from '../reportPdf';
import { AuthImage } from '../../clinical/AuthImage';
import type { ReportContent } from './reportGeneratorLogic';

function Block({ block }: { readonly block: PdfBlock }) {
  switch (block.kind) {
    case 'letterhead':
      return (
        <Box sx={{ mb: 2, display: 'flex', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6">{block.name}</Typography>
            {block.lines.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
          </Box>
          {block.logo !== '' && (
            <Box component="img" src={block.logo} alt="" sx={{ maxHeight: 64, maxWidth: 160 }} />
          )}
        </Box>
      );
    case 'title':
      return (
        <Box sx={{ mb: 2 }}>
          <Typography variant="h5" component="h2">
            {block.text}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {block.subtitle}
          </Typography>
          <Divider sx={{ mt: 1 }} />
        </Box>
      );
    case 'heading':
      return (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
          {block.text}
        </Typography>
      );
    case 'rows':
      return (
        <Table size="small">
          <TableBody>
            {block.rows.map(([label, value], index) => (
              <TableRow key={`${label}-${index}`}>
                {label !== '' && (
                  <TableCell sx={{ fontWeight: 600, width: '40%' }}>{label}</TableCell>
                )}
                <TableCell colSpan={label === '' ? 2 : 1} sx={{ whiteSpace: 'pre-wrap' }}>
                  {value}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    case 'table':
      return (
        <Table size="small">
          <TableHead>
            <TableRow>
              {block.head.map((cell) => (
                <TableCell key={cell} sx={{ fontWeight: 600 }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {block.rows.map((row) => (
              <TableRow key={row[0]}>
                {row.map((cell, index) => (
                  <TableCell key={index}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    case 'bars':
      return null;
  }
}

/** The report as it will be printed and written to the PDF; the images section adds the thumbnail. */
export function ReportPreview({
  content,
  thumbnailPath,
}: {
  readonly content: ReportContent;
  readonly thumbnailPath: string | null;
}) {
  return (
    <Box data-testid="report-preview">
      <Block block={content.header} />
      {content.sections.map((section) => (
        <Box key={section.id} sx={{ breakInside: 'avoid' }}>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          {section.id === 'images' && thumbnailPath !== null && (
            <Box sx={{ mt: 1, maxWidth: 360 }}>
              <AuthImage path={thumbnailPath} alt={content.header.text} height={200} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
