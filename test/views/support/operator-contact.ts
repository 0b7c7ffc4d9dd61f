/** An operator's contact as `portabilidade/utils/contato` answers it (issue 26), for the view tests. */
export const OPERATOR_CONTACT = {
  operadora: 'Vida Plena Saúde',
  telefone: '0800 000 0001',
  whatsapp: '(85) 99999-0001',
  horario: 'Segunda a sexta, das 8h às 20h',
  ouvidoria: '0800 000 0101',
  email: 'atendimento@operadora-1.example',
};
