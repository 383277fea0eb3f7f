import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ContentCopy from '@mui/icons-material/ContentCopy';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { MSG, placePagePath, TEXT, whatsAppShareUrl } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';

/** The destination's address on this site (what the server renders the link preview of). */
export function placeShareUrl(placeId: string): string {
  return new URL(placePagePath(placeId), window.location.origin).href;
}

/** Copies with the Clipboard API, or (plain http, older browsers) a selected text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * 'Compartir' (docs/product.md#sharing): the system share sheet where the browser has the Web Share
 * API (phones); otherwise a menu with 'Copiar enlace' (toast 'Enlace copiado.') and 'Compartir por
 * WhatsApp' (https://wa.me/?text= with the name and the address).
 */
export function ShareButton({ placeId, name }: { placeId: string; name: string }) {
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const onClick = async (event: React.MouseEvent<HTMLElement>) => {
    const target = event.currentTarget;
    // Read from the address when used: the server renders the detail without one (src/boot/serve-render.tsx).
    const url = placeShareUrl(placeId);
    const data = { title: name, text: name, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (e) {
        // The person closed the share sheet: nothing to do.
        if (e instanceof DOMException && e.name === 'AbortError') return;
      }
    }
    setAnchor(target);
  };

  const copy = async () => {
    setAnchor(null);
    if (await copyText(placeShareUrl(placeId))) toast.showSuccess(MSG.linkCopied);
    else toast.showError(MSG.linkCopyFailed);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareOutlined />}
        onClick={(e) => void onClick(e)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'share-menu' : undefined}
      >
        {TEXT.detail.share}
      </Button>
      <Menu id="share-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void copy()}>
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          <ListItemText>{TEXT.detail.copyLink}</ListItemText>
        </MenuItem>
        <MenuItem component="a" href={anchor ? whatsAppShareUrl(name, placeShareUrl(placeId)) : undefined} target="_blank" rel="noopener noreferrer" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <WhatsApp fontSize="small" />
          </ListItemIcon>
          <ListItemText>{TEXT.detail.whatsapp}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
