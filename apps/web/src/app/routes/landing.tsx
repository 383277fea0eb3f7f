import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import { buildSearchIndex, COLORS, filterIndex, LANDING_CAROUSEL_BREAKPOINTS, MSG } from '@sendero/contract';
import { Logo } from '@/components/ui/logo';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { SearchInput } from '@/components/ui/search-input';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { paths } from '@/config/paths';
import { usePlaces, verifiedOnly } from '@/features/places/api/get-places';
import { CardCarousel } from '@/features/places/components/card-carousel';

/** Centred column with side padding (MUI's Container, without its extra code). */
const PAGE_WIDTH = { width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 } } as const;

const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: <InstagramIcon /> },
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: <FacebookIcon /> },
  { label: 'X', href: 'https://x.com/', icon: <XIcon /> },
] as const;

/** Layered mountains drawn inline at the bottom of the hero (no image request). */
function HeroMountains() {
  return (
    <Box
      component="svg"
      viewBox="0 0 1440 220"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      sx={{ position: 'absolute', left: 0, right: 0, bottom: -1, width: '100%', height: { xs: 90, md: 180 }, display: 'block' }}
    >
      <path d="M0 220 L0 120 L180 40 L330 130 L520 20 L700 140 L900 50 L1080 150 L1260 60 L1440 130 L1440 220 Z" fill="#b463d6" opacity="0.55" />
      <path d="M0 220 L0 170 L240 90 L420 170 L640 80 L860 180 L1050 110 L1250 180 L1440 120 L1440 220 Z" fill="#faf8fc" />
    </Box>
  );
}

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        color: '#fff',
        background: `linear-gradient(160deg, ${COLORS.purple} 0%, #6d1d8a 60%, #3d1250 100%)`,
        pt: { xs: 3, md: 4 },
        pb: { xs: 12, md: 22 },
        overflow: 'hidden',
      }}
    >
      <Box sx={PAGE_WIDTH}>
        <Logo tone="light" size={44} />
        <Box sx={{ maxWidth: 680, mt: { xs: 6, md: 10 } }}>
          <Typography id="hero-title" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2.4rem', md: '3.6rem' }, lineHeight: 1.1 }}>
            Inicia esta aventura
          </Typography>
          <Typography component="p" sx={{ mt: 2, fontSize: { xs: '1.1rem', md: '1.35rem' }, opacity: 0.95 }}>
            {MSG.landing}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, mt: 4, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.login} variant="contained" color="secondary" size="large">
              Ingresar
            </Button>
            <Button
              component={RouterLink}
              to={paths.register}
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: '#fff', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.12)' } }}
            >
              Registrarme
            </Button>
          </Box>
          <Box component="ul" aria-label="Redes sociales" sx={{ display: 'flex', gap: 1, mt: 4, mb: 0, p: 0, listStyle: 'none' }}>
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <IconButton component="a" href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} sx={{ color: '#fff' }}>
                  {s.icon}
                </IconButton>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
      <HeroMountains />
    </Box>
  );
}

function Destinations() {
  const places = usePlaces();
  useErrorToast(places.error);
  const [name, setName] = useState('');
  const index = useMemo(() => buildSearchIndex(verifiedOnly(places.data ?? [])), [places.data]);
  const shown = useMemo(() => filterIndex(index, { name }), [index, name]);

  return (
    <Box component="section" aria-labelledby="destinations-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Box sx={{ ...PAGE_WIDTH, maxWidth: 2400 }}>
        <Typography id="destinations-title" component="h2" variant="h4" sx={{ fontWeight: 700, textAlign: 'center', mb: 3 }}>
          Elige el destino ideal para ti
        </Typography>
        <Box sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
          <SearchInput label="Buscar un destino" placeholder="Nombre del destino" value={name} onChange={setName} resetLabel="Borrar búsqueda" />
        </Box>
        {places.isError ? (
          <LoadError error={places.error} onRetry={() => void places.refetch()} />
        ) : !places.isPending && shown.length === 0 ? (
          <NoResults />
        ) : (
          <CardCarousel places={shown} breakpoints={LANDING_CAROUSEL_BREAKPOINTS} label="Destinos" loading={places.isPending} />
        )}
      </Box>
    </Box>
  );
}

function GuideInvitation() {
  return (
    <Box component="section" aria-labelledby="guide-title" sx={{ py: { xs: 6, md: 10 }, bgcolor: '#f1e6f7' }}>
      <Box sx={{ ...PAGE_WIDTH, maxWidth: 900, textAlign: 'center' }}>
        <Typography id="guide-title" component="h2" variant="h4" sx={{ fontWeight: 700 }}>
          ¿Tienes experiencia guiando?
        </Typography>
        <Typography sx={{ mt: 2, mb: 4, fontSize: '1.15rem' }}>Se parte de nuestra comunidad de guías y comparte nuevos destinos</Typography>
        <Button component={RouterLink} to={paths.guide} variant="contained" size="large">
          Unirme
        </Button>
      </Box>
    </Box>
  );
}

export default function LandingScreen() {
  return (
    <>
      <Hero />
      <Destinations />
      <GuideInvitation />
      <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">Sendero</Typography>
      </Box>
    </>
  );
}
