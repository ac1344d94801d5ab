/**
 * One headed section of the object screen (ResourceOverride.sections): a region named by its
 * heading, with the anchor the section links jump to.
 */
import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { sectionAnchor } from './sections';

export const ScreenSection = ({ sectionKey, title, children }: { sectionKey: string; title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Box component="section" id={sectionAnchor(sectionKey)} aria-labelledby={headingId} sx={{ scrollMarginTop: 72 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
};
