import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { AdminUsersList } from '@/features/admin/components/users-list';
import { TEXT } from '@sendero/contract';

/** /admin/usuarios (docs/product.md#admin-users), where an administrator lands after logging in. */
export default function AdminUsersScreen() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography id="admin-users-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {TEXT.menu.adminUsers}
      </Typography>
      <AdminUsersList titleId="admin-users-title" />
    </Container>
  );
}
