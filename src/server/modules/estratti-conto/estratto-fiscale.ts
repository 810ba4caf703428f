import { formatAliquota } from '#shared/fisco.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatEuro, toCents, type Cents } from '#shared/money.ts';
import type { EstrattoConto } from '#server/modules/estratti-conto/estratti-conto.service.ts';

const m = msg.fisco.estratto;

export interface RigaFiscale {
  label: string;
  /** Deductions are negative, so that the column adds up to the net. */
  importo: Cents;
  strong: boolean;
}

/**
 * The statement's fiscal block, the same lines in the PDF and the XLSX
 * (docs/product/commissions.md#enasarco-e-ritenuta-dacconto): gross + clawbacks = taxable;
 * taxable − Enasarco − ritenuta = net. Null without a profile.
 */
export function righeFiscali(estratto: EstrattoConto): { righe: RigaFiscale[]; note: string[] } | null {
  const { fiscale: f, profiloFiscale: p } = estratto;
  if (!f || !p) return null;
  const tipo = msg.fisco.tipi[p.tipo];
  const righe: RigaFiscale[] = [
    { label: m.lordo, importo: f.lordo, strong: false },
    { label: m.storni, importo: f.storni, strong: false },
    { label: m.imponibile, importo: f.imponibile, strong: true },
    f.enasarco
      ? {
          label: fillMessage(m.enasarco, { aliquota: formatAliquota(f.enasarco.aliquotaAgente) }),
          importo: -f.enasarco.agente,
          strong: false,
        }
      : { label: fillMessage(m.enasarcoNessuno, { tipo }), importo: 0, strong: false },
    f.ritenuta
      ? {
          label: fillMessage(m.ritenuta, {
            aliquota: formatAliquota(f.ritenuta.aliquota),
            base: `${f.ritenuta.base}%`,
            imponibile: formatEuro(f.ritenuta.imponibile),
          }),
          importo: -f.ritenuta.importo,
          strong: false,
        }
      : { label: m.ritenutaNessuna, importo: 0, strong: false },
    { label: m.netto, importo: f.netto, strong: true },
  ];
  const note = [
    fillMessage(m.profilo, { tipo, partitaIva: p.partitaIva, regime: msg.fisco.regimi[p.regime] }),
  ];
  if (f.enasarco?.massimale != null) {
    note.push(
      fillMessage(m.enasarcoMassimale, {
        imponibile: formatEuro(f.enasarco.imponibile),
        massimale: formatEuro(f.enasarco.massimale),
        precedente: formatEuro(f.enasarco.imponibilePrecedente),
      }),
    );
    if (f.enasarco.massimaleRaggiunto) note.push(m.enasarcoMassimaleRaggiunto);
  } else if (f.enasarco) note.push(m.enasarcoSocieta);
  const inMaturazione = toCents(estratto.totali.inMaturazione);
  if (inMaturazione !== 0)
    note.push(fillMessage(m.lordoInMaturazione, { importo: formatEuro(inMaturazione) }));
  note.push(m.arrotondamento);
  return { righe, note };
}
