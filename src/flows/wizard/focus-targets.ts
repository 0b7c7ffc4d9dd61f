/** Where focus goes after a refused 'Próximo' (issue 27 item 5): the step's error summary, by its element id. */
export const ERROR_SUMMARY_ID = 'wizard-resumo-erros';
