/** The tracking screen (SPEC §2 "acompanhamento"); lazy-loaded by the router. Stub for now. */
export function AcompanhamentoPage() {
  return (
    <main>
      <h1>Acompanhar Solicitação</h1>
    </main>
  );
}

export default AcompanhamentoPage;
