import {
  citizenshipLabel,
  EMERGENCY_CONTACT_TYPES,
  formatDate,
  GENDERS,
  LIVING_STATUSES,
  labelOf,
  type PersonProfile,
  PREV_SCHOOL_TYPES,
} from '@keuangan/shared';
import { type Field, FieldGroup } from './FieldGroup';

const optionalLabel = (options: Parameters<typeof labelOf>[0], value: number | null) =>
  value === null ? null : labelOf(options, value);

/** The admission profile (docs/screens.md show page), shared by the prospect and the student pages. */
export function ProfileGroups({ profile: p, identity }: { profile: PersonProfile; identity: Field[] }) {
  return (
    <>
      <FieldGroup
        title="Data Diri"
        fields={[
          ...identity,
          { label: 'Jenis Kelamin', value: labelOf(GENDERS, p.gender_id, 'Perempuan') },
          { label: 'Tempat Lahir', value: p.birth_place },
          { label: 'Tanggal Lahir', value: formatDate(p.birth_date) },
          {
            label: 'Kewarganegaraan',
            value: p.citizenship === null ? null : citizenshipLabel(p.citizenship),
          },
          { label: 'NIK', value: p.nik },
          { label: 'Agama', value: p.religion?.name },
          { label: 'Suku', value: p.ethnic?.name },
          { label: 'Status Tempat Tinggal', value: optionalLabel(LIVING_STATUSES, p.living_status) },
        ]}
      />
      <FieldGroup
        title="Orang Tua dan Alamat"
        fields={[
          { label: 'Nama Ayah', value: p.father },
          { label: 'Nama Ibu', value: p.mother },
          { label: 'Nama Wali', value: p.guardian },
          { label: 'Alamat', value: p.address_full },
          { label: 'Jarak ke Sekolah', value: p.address_distance },
          { label: 'Alamat Surat', value: p.mail_address_full },
        ]}
      />
      <FieldGroup
        title="Sekolah Asal"
        fields={[
          { label: 'Jenjang', value: optionalLabel(PREV_SCHOOL_TYPES, p.prev_school_department_type) },
          { label: 'Nama Sekolah', value: p.prev_school_name },
          { label: 'No. Ijazah', value: p.prev_certivicate_number },
          { label: 'Tanggal Ijazah', value: formatDate(p.prev_certivicate_date) },
          { label: 'NISN', value: p.prev_nisn },
          { label: 'No. Ujian Nasional', value: p.prev_un_number },
          { label: 'Nilai Ujian Nasional', value: p.prev_un_score },
        ]}
      />
      <FieldGroup
        title="Kontak Darurat"
        fields={[
          { label: 'Jenis Kontak', value: optionalLabel(EMERGENCY_CONTACT_TYPES, p.emergency_contact_type) },
          { label: 'Hubungan', value: p.emergency_contact_rtype?.title },
          { label: 'Nama', value: p.emergency_contact_name },
          { label: 'Telepon', value: p.emergency_contact_phone },
          { label: 'Email', value: p.emergency_contact_email },
        ]}
      />
      <FieldGroup
        title="Kesehatan"
        fields={[
          { label: 'Golongan Darah', value: p.med_blood_type },
          { label: 'Rhesus', value: p.med_blood_rhesus },
          { label: 'Pantangan Makanan', value: p.med_dietaries },
          { label: 'Obat yang Dikonsumsi', value: p.med_medicines },
          { label: 'Alergi', value: p.med_allergies },
          { label: 'Riwayat Penyakit', value: p.med_diseases },
          { label: 'Catatan Kesehatan', value: p.med_notes },
        ]}
      />
      <FieldGroup
        title="Minat dan Prestasi"
        fields={[
          { label: 'Hobi', value: p.ext_hobby },
          { label: 'Prestasi', value: p.ext_achievement },
        ]}
      />
    </>
  );
}
