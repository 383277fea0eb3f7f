import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type SearchState, TEXT, writeSearchState } from '@sendero/contract';

/**
 * docs/product.md#did-you-mean: under an empty result, '¿Quisiste decir «…»?' as a link to the same
 * search with the corrected name, so following it runs that search and puts it in the address.
 */
export function DidYouMean({ suggestion, state }: { suggestion: string; state: SearchState }) {
  const search = writeSearchState({ ...state, name: suggestion }).toString();
  return (
    <Typography sx={{ textAlign: 'center', mt: -2, mb: 4, fontSize: '1.15rem' }}>
      <Link component={RouterLink} to={{ search: `?${search}` }}>
        {TEXT.search.didYouMean(suggestion)}
      </Link>
    </Typography>
  );
}
