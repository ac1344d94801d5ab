/**
 * Links to the sections of a long object screen: one click (or tap) brings a section's heading to
 * the top, without leaving the page or its form. The row of them sits under the screen's summary.
 */
import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { ownMessages } from '../../messages';
import { sectionAnchor } from './sections';

export const SectionLink = ({ sectionKey, children }: { sectionKey: string; children: ReactNode }) => (
  <Button
    size="small"
    href={`#${sectionAnchor(sectionKey)}`}
    onClick={(event) => {
      // Not a route change: the form and the address stay as they are.
      event.preventDefault();
      document.getElementById(sectionAnchor(sectionKey))?.scrollIntoView({ block: 'start' });
    }}
  >
    {children}
  </Button>
);

export const SectionLinks = ({ sections }: { sections: readonly { key: string; title: string }[] }) => (
  <Stack component="nav" aria-label={ownMessages.sectionLinks} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
    {sections.map(({ key, title }) => (
      <SectionLink key={key} sectionKey={key}>
        {title}
      </SectionLink>
    ))}
  </Stack>
);
