import { PlaceholderRoutes } from '@keuangan/shared';

/** The printable documents (Kuitansi Siswa, Nota Siswa, Kuitansi Calon Siswa); the billing screens open them. */
export default function ReceiptsRoutes() {
  return <PlaceholderRoutes title="Kuitansi" />;
}
