/**
 * An add route that several categories share (/document_new, spec section 2 'Document form')
 * first asks which kind of object to add: the owner's `kindQuestion`, one button per category
 * (its `kindLabel`). The answer goes into the address (?kind=<key>), so that the browser's Back
 * returns to the question and a reload keeps the form; then the chosen category's add form shows.
 */
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useNavigate } from 'react-admin';
import type { PageProps } from './overrides';
import { ObjectHeader } from './object/ObjectHeader';
import { ObjectScreen } from './object/ObjectScreen';
import { pageHeading, pageTitle } from './pageTitle';
import { PageTitle } from './PageTitle';
import { useQueryParam } from './useQueryParam';

export const KIND_PARAM = 'kind';

export const KindChoicePage = ({ route }: PageProps) => {
  const navigate = useNavigate();
  const questionId = useId();
  const kind = useQueryParam(KIND_PARAM);
  const chosen = route.categories.find((c) => c.key === kind);
  if (chosen) return <ObjectScreen key={chosen.key} category={chosen} mode="new" />;

  const owner = route.category;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={pageTitle('new', owner)} heading={false} />
      <Card>
        <CardContent>
          <ObjectHeader heading={pageHeading('new', owner)} />
          <Typography id={questionId} sx={{ mt: 2, mb: 1 }}>
            {owner.console?.kindQuestion}
          </Typography>
          <Stack direction="row" spacing={1} role="group" aria-labelledby={questionId} sx={{ flexWrap: 'wrap' }}>
            {route.categories.map((c) => (
              <Button key={c.key} variant="outlined" onClick={() => navigate(`${route.path}?${KIND_PARAM}=${encodeURIComponent(c.key)}`)}>
                {c.console?.kindLabel ?? c.title}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
