/**
 * The personal profile collected at admission (docs/data.md, PsbEventProspective), kept by prospects and,
 * once admitted, by students. Codes: see the labels (gender, citizenship, living status, previous school
 * type, emergency contact type).
 */
export interface PersonProfile {
  /** 1 Laki-Laki, 2 Perempuan. */
  gender_id: number | null;
  birth_place: string | null;
  /** 'YYYY-MM-DD'. */
  birth_date: string | null;
  /** 'I' WNI, otherwise WNA. */
  citizenship: string | null;
  nik: string | null;
  religion_id: number | null;
  ethnic_id: number | null;
  /** 1 with parents/family, 2 dormitory, 3 boarding/rented, 4 alone. */
  living_status: number | null;
  father: string | null;
  mother: string | null;
  guardian: string | null;
  address_full: string | null;
  address_distance: string | null;
  mail_address_full: string | null;
  /** 0 KB, 1 TK, 2 SD, 3 SMP. */
  prev_school_department_type: number | null;
  prev_school_name: string | null;
  prev_certivicate_number: string | null;
  prev_certivicate_date: string | null;
  prev_nisn: string | null;
  prev_un_number: string | null;
  prev_un_score: number | null;
  /** 1 guardian, 2 father, 3 mother, 4 other. */
  emergency_contact_type: number | null;
  emergency_contact_rtype_id: number | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_email: string | null;
  med_blood_type: string | null;
  med_blood_rhesus: string | null;
  med_dietaries: string | null;
  med_medicines: string | null;
  med_allergies: string | null;
  med_diseases: string | null;
  med_notes: string | null;
  ext_hobby: string | null;
  ext_achievement: string | null;
  religion: { name: string } | null;
  ethnic: { name: string } | null;
  emergency_contact_rtype: { title: string } | null;
}

/** A named record another one points to (`department: {id, name}`). */
export interface NamedRef {
  id: number;
  name: string;
}

/** The filters' "department first" warning (docs/validation.md). */
export const DEPARTMENT_FIRST_WARNING = 'Harap pilih department terlebih dahulu';
