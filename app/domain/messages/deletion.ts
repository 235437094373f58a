export const deletion = {
  success: "Профиль полностью удален",
  failed: (message: string) => `Не удалось удалить профиль: ${message}`,
  // SPEC.md's partial-deletion state cannot happen (deletion is one transaction, DECISIONS.md);
  // the strings are kept only so the catalogue mirrors SPEC.md section 8.
  partialTitle: "Профиль частично удален",
  partialText: "Ваши данные удалены, но для полного удаления аккаунта обратитесь к администратору",
} as const;
