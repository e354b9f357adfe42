/**
 * A department's admission event for next year's intake (PSB) and transfer event (Mutasi) for this year, with
 * their fees, prospects in every registration status, and the prospects' bills and payments.
 */
import { billTotals } from '@keuangan/shared/contract';
import type * as s from '../db/schema';
import { addMonths, monthRange } from '../lib/time';
import { addDays, daysBetween, pad, type Row, rupiah, type SeedContext } from './context';
import { STATUS_CYCLE } from './definitions';
import {
  ACHIEVEMENTS,
  BIRTH_PLACES,
  FEMALE_NAMES,
  HOBBIES,
  MALE_NAMES,
  SCHOOLS_BEFORE_SD,
  SCHOOLS_BEFORE_SMP,
} from './names';
import type { People } from './people';
import type { ReferenceIds } from './reference';
import type { BranchScope, DepartmentStructure } from './school';

export function addAdmissions(
  { rows, ids, rnd, today, thisMonth, lastMonth, currentStart }: SeedContext,
  people: People,
  reference: ReferenceIds,
  { branch, own, feeTypeId, financeUser }: BranchScope,
  { dept, d, departmentId }: DepartmentStructure,
) {
  const start = addDays(`${lastMonth}-01`, -31);
  const end = monthRange(addMonths(thisMonth, 2)).last;
  const events = [
    {
      stype: 1,
      yoe: currentStart + 1,
      code: `PSB-${dept.code}-${currentStart + 1}`,
      name: `PSB ${dept.name} Tahun Ajaran ${currentStart + 1}/${currentStart + 2} Gelombang 1`,
      prospects: rnd.int(12, 16),
      fees: [
        ['FRM', 'Formulir Pendaftaran', 'Uang Pendaftaran', 1, 300_000],
        ['UPK', 'Uang Pangkal', 'Uang Pangkal', 1, d === 0 ? 7_500_000 : 9_000_000],
        ['SRG', 'Seragam', 'Seragam', 1, 850_000],
        ['BKU', 'Buku Paket', 'Buku', 1, 650_000],
        ['KGT', 'Kegiatan Awal Tahun', 'Kegiatan', 1, 400_000],
        ['SMB', 'Sumbangan Pembangunan', 'Sumbangan Pengembangan', 0, 500_000],
      ] as const,
    },
    {
      stype: 2,
      yoe: currentStart,
      code: `MUT-${dept.code}-${currentStart}`,
      name: `Mutasi Masuk ${dept.name} Tahun Ajaran ${currentStart}/${currentStart + 1}`,
      prospects: rnd.int(6, 8),
      fees: [
        ['FRM', 'Formulir Mutasi', 'Uang Pendaftaran', 1, 250_000],
        ['UPK', 'Uang Pangkal Mutasi', 'Uang Pangkal', 1, d === 0 ? 5_000_000 : 6_500_000],
        ['SRG', 'Seragam', 'Seragam', 1, 850_000],
      ] as const,
    },
  ];
  for (const event of events) {
    const eventId = ids.psb_events();
    rows.psb_events.push({
      id: eventId,
      ...own,
      department_id: departmentId,
      psb_event_stype_id: event.stype,
      yoe: event.yoe,
      code: event.code,
      name: event.name,
      start_date: start,
      end_date: end,
    });
    const fees = event.fees.map(([code, name, feeType, ftype, price]) => {
      const id = ids.psb_event_fees();
      const row = {
        id,
        ...own,
        psb_event_id: eventId,
        fee_type_id: feeTypeId.get(feeType) ?? null,
        code,
        name,
        ftype,
        price: rupiah(price * branch.priceFactor),
      };
      rows.psb_event_fees.push(row);
      return row;
    });

    for (let n = 1; n <= event.prospects; n++) {
      const prospectId = ids.psb_event_prospectives();
      const g = people.gender();
      const father = people.personName(1);
      const mother = people.personName(2);
      // Every status in every event, in a fixed order; see `paying` below for what each has paid.
      const registration_status = STATUS_CYCLE[(n - 1) % STATUS_CYCLE.length] as number;
      const round = Math.floor((n - 1) / STATUS_CYCLE.length);
      const emergency = rnd.weighted([
        [2, 50],
        [3, 40],
        [1, 10],
      ]);
      const grade = event.stype === 1 ? 0 : rnd.int(1, dept.levels.length - 1);
      rows.psb_event_prospectives.push({
        id: prospectId,
        ...own,
        psb_event_id: eventId,
        psb_event_stype_id: event.stype,
        department_id: departmentId,
        yoe: event.yoe,
        reg_number: `${event.stype === 1 ? 'REG' : 'MUT'}${event.yoe}${dept.code}${pad(n, 3)}`,
        name: `${rnd.pick(g === 1 ? MALE_NAMES : FEMALE_NAMES)} ${father.split(' ')[1]}`,
        gender_id: g,
        birth_place: rnd.pick(BIRTH_PLACES),
        birth_date: people.birthDate(event.yoe - dept.entryAge - grade),
        citizenship: rnd.chance(0.97) ? 'I' : 'A',
        nik: `${branch.nikPrefix}${rnd.digits(12)}`,
        religion_id: rnd.weighted(people.religionWeights),
        ethnic_id: people.ethnicOf(branch),
        living_status: rnd.weighted([
          [1, 90],
          [3, 7],
          [2, 3],
        ]),
        father,
        mother,
        guardian: rnd.chance(0.1) ? people.personName(people.gender()) : null,
        address_full: people.address(branch.city),
        address_distance: `${rnd.int(1, 15)} km`,
        mail_address_full: rnd.chance(0.2) ? people.address(branch.city) : null,
        prev_school_department_type: d === 0 ? (event.stype === 1 ? 1 : 2) : event.stype === 1 ? 2 : 3,
        prev_school_name: `${rnd.pick(d === 0 && event.stype === 1 ? SCHOOLS_BEFORE_SD : SCHOOLS_BEFORE_SMP)} ${rnd.pick(BIRTH_PLACES)}`,
        prev_certivicate_number: d === 1 && event.stype === 1 ? `DN-02/D-SD/${rnd.digits(7)}` : null,
        prev_certivicate_date:
          d === 1 && event.stype === 1 ? `${event.yoe}-06-${pad(rnd.int(10, 25), 2)}` : null,
        prev_nisn: d === 0 && event.stype === 1 ? null : `00${rnd.digits(8)}`,
        prev_un_number:
          d === 1 && event.stype === 1
            ? `${rnd.digits(2)}-${rnd.digits(3)}-${rnd.digits(3)}-${rnd.digits(1)}`
            : null,
        prev_un_score: d === 1 && event.stype === 1 ? rnd.int(6000, 9800) / 100 : null,
        emergency_contact_type: emergency,
        emergency_contact_rtype_id: reference.relationshipIds[
          emergency === 2 ? 0 : emergency === 3 ? 1 : 2
        ] as number,
        emergency_contact_name: emergency === 3 ? mother : father,
        emergency_contact_phone: `${branch.phonePrefix}${rnd.digits(8)}`,
        emergency_contact_email: rnd.chance(0.6)
          ? `${father.split(' ')[0]?.toLowerCase()}${rnd.int(10, 99)}@gmail.com`
          : null,
        med_blood_type: rnd.pick(['A', 'B', 'AB', 'O']),
        med_blood_rhesus: '+',
        med_dietaries: rnd.chance(0.1) ? 'Tidak makan makanan laut' : null,
        med_medicines: null,
        med_allergies: rnd.chance(0.15) ? rnd.pick(['Debu', 'Udang', 'Kacang', 'Susu sapi']) : null,
        med_diseases: rnd.chance(0.05) ? 'Asma ringan' : null,
        med_notes: null,
        ext_hobby: rnd.pick(HOBBIES),
        ext_achievement: rnd.pick(ACHIEVEMENTS) || null,
        registration_status,
      });
      const prospectFees = fees
        .filter((fee) => fee.ftype === 1 || rnd.chance(0.5))
        .map((fee) => {
          const row = {
            id: ids.psb_event_prospective_fees(),
            ...own,
            psb_event_prospective_id: prospectId,
            psb_event_fee_id: fee.id,
            ftype: fee.ftype,
            price: fee.price,
            qty: 1,
          };
          rows.psb_event_prospective_fees.push(row);
          return row;
        });

      // Prospects who have submitted their data are billed.
      if (registration_status === 0) continue;
      const billId = ids.prospective_billings();
      const bill_date = addDays(start, rnd.int(0, Math.max(0, daysBetween(start, today) - 7)));
      const items = prospectFees.map((fee) => ({
        id: ids.prospective_billing_items(),
        ...own,
        prospective_billing_id: billId,
        psb_event_prospective_fee_id: fee.id,
        ftype: fee.ftype,
        price: fee.price,
        qty: 1,
        total_amount: fee.price,
        total_discount: 0,
        total_bail: 0,
        total_payment: 0,
        total_billing: fee.price,
        payment_status: 0,
      }));
      const bill: Row<typeof s.prospective_billings> = {
        id: billId,
        ...own,
        bill_number: '',
        psb_event_id: eventId,
        psb_event_stype_id: event.stype,
        department_id: departmentId,
        psb_event_prospective_id: prospectId,
        bill_date,
      };
      rows.prospective_billings.push(bill);
      rows.prospective_billing_items.push(...items);

      // Accepted prospects have paid everything, those who passed the selection two fees, the others the
      // form fee; the first 'Data Terkirim' of each event has paid nothing yet (unpaid, partly paid and paid
      // bills for both event types).
      const paying =
        registration_status === 4
          ? items
          : registration_status === 3
            ? items.slice(0, 2)
            : registration_status === 1 && round === 0
              ? []
              : items.slice(0, 1);
      const payment_date = addDays(bill_date, rnd.int(0, daysBetween(bill_date, today)));
      const amount = paying.reduce((sum, item) => sum + item.total_billing, 0);
      let payment: Row<typeof s.prospective_billing_payments> | undefined;
      if (amount > 0) {
        const paymentId = ids.prospective_billing_payments();
        const ptype = rnd.weighted([
          [1, 30],
          [4, 70],
        ]);
        payment = {
          id: paymentId,
          ...own,
          prospective_billing_id: billId,
          psb_event_prospective_id: prospectId,
          payment_number: '',
          payment_date,
          amount,
          total_amount_payment_paid: ptype === 1 ? Math.ceil(amount / 50_000) * 50_000 : amount,
          ptype,
          payer_name: father,
          payer_city: branch.city,
          idempotency_key: `seed-${paymentId}`,
          created_by: financeUser,
          created_at: new Date(`${payment_date}T03:00:00Z`),
        };
        rows.prospective_billing_payments.push(payment);
        for (const item of paying) {
          rows.prospective_billing_item_payments.push({
            id: ids.prospective_billing_item_payments(),
            ...own,
            prospective_billing_payment_id: paymentId,
            prospective_billing_item_id: item.id,
            amount: item.total_billing,
          });
          item.total_payment = item.total_billing;
          item.total_billing = 0;
          item.payment_status = 1;
        }
      }
      Object.assign(bill, billTotals(items));
      if (payment) payment.total_billing_after = bill.total_billing ?? 0;
    }
  }
}
