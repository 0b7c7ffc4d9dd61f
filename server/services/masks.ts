/** How personal data appears in generated documents: enough to recognise, not to reuse. */
export function maskCpf(cpf: string): string {
  if (!/^\d{11}$/.test(cpf)) return 'não informado';
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

export function formatCpf(cpf: string): string {
  return /^\d{11}$/.test(cpf) ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;
}
