import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { imageSrcSet, imageVariant } from '@/lib/images';
import { TEXT } from '@sendero/contract';

/** The round profile photo, or the initial when there is none. */
export function ProfilePhoto({ url, name, size = 160 }: { url: string; name: string; size?: number }) {
  if (!url) {
    return (
      <Avatar sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: 'primary.main' }} aria-label={TEXT.profile.noPhotoOf(name)}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
    );
  }
  return (
    <Box
      component="img"
      src={imageVariant(url, 400)}
      srcSet={imageSrcSet(url)}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={TEXT.profile.photoOf(name)}
      sx={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', bgcolor: 'grey.100', display: 'block' }}
    />
  );
}
