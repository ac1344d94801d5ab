/**
 * True below 600 px (MUI's `sm`): a table is a list of cards (PhoneCardList.tsx) and its filters
 * fold behind one button (FilterFold.tsx).
 */
import { useMediaQuery, type Theme } from '@mui/material';

export const usePhone = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
