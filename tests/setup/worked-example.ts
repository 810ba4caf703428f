/**
 * The supplier configuration of the worked example in docs/product/commissions.md#esempio-svolto (plus non-RID additional amounts),
 * shared by the API factories, the E2E set-up and the component tests (`#test/setup/worked-example.ts`). With RID and 2 supplies on a point with agent
 * and area manager it pays 40.00 / 20.00 / 7.00 and leaves 173.00 to the structure.
 */
export const WORKED_EXAMPLE_CONFIG = {
  ricavoBase: '100.00',
  bonusRid: '20.00',
  commissionePuntoFisico: '30.00',
  commissioneAgente: '15.00',
  commissioneAreaManager: '5.00',
  commissioneAggiuntivaPuntoFisico: '8.00',
  commissioneAggiuntivaAgente: '4.00',
  commissioneAggiuntivaAreaManager: '1.50',
  commissioneAggiuntivaRidPuntoFisico: '10.00',
  commissioneAggiuntivaRidAgente: '5.00',
  commissioneAggiuntivaRidAreaManager: '2.00',
} as const;
