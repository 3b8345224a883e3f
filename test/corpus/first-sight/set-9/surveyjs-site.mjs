// The SurveyJS page of set 9: the SurveyJS form library (npm `survey-core` + `survey-js-ui`, served from
// /survey-core/ and /survey-js-ui/ by static-server.mjs) running a three-page membership application of a
// public library: required fields, an e-mail check, a dropdown, radio buttons with an "Other" choice, check
// boxes with "Select all", questions that appear only for some answers, a rating scale, a yes/no switch, a
// comment with a character limit, a progress bar, a preview before sending and a thank-you page.
const SURVEY = {
  title: 'Harbourside Library — membership application',
  description: 'Join the library in three short steps. Questions marked * must be answered.',
  showProgressBar: 'top',
  progressBarType: 'pages',
  progressBarShowPageTitles: true,
  showQuestionNumbers: 'on',
  checkErrorsMode: 'onNextPage',
  showPreviewBeforeComplete: 'showAnsweredQuestions',
  completedHtml: '<h3>Thank you, {first_name}!</h3><p>Your application has been received. Bring photo ID to the front desk to collect your card.</p>',
  pages: [
    {
      name: 'about',
      title: 'About you',
      elements: [
        { type: 'text', name: 'first_name', title: 'First name', isRequired: true },
        { type: 'text', name: 'last_name', title: 'Last name', isRequired: true },
        { type: 'text', name: 'email', title: 'E-mail address', inputType: 'email', isRequired: true, validators: [{ type: 'email' }], placeholder: 'name@example.org' },
        { type: 'text', name: 'birth_year', title: 'Year of birth', inputType: 'number', min: 1900, max: 2027, validators: [{ type: 'numeric', minValue: 1900, maxValue: 2027, text: 'Please enter a year between 1900 and 2027.' }] },
        { type: 'dropdown', name: 'branch', title: 'Home branch', isRequired: true, placeholder: 'Choose a branch…', choices: ['Central', 'Harbourside', 'Northgate', 'Old Town', 'Westfield'] },
      ],
    },
    {
      name: 'membership',
      title: 'Your membership',
      elements: [
        { type: 'radiogroup', name: 'card', title: 'Which card would you like?', isRequired: true, choices: [
          { value: 'adult', text: 'Adult (free)' }, { value: 'concession', text: 'Concession (free, proof needed)' }, { value: 'family', text: 'Family (up to 5 cards)' },
        ], showOtherItem: true, otherText: 'Something else', otherPlaceholder: 'Tell us what you need' },
        { type: 'text', name: 'family_size', title: 'How many cards does your family need?', inputType: 'number', visibleIf: '{card} = "family"', isRequired: true, min: 2, max: 5, validators: [{ type: 'numeric', minValue: 2, maxValue: 5, text: 'A family membership covers 2 to 5 cards.' }] },
        { type: 'checkbox', name: 'interests', title: 'What are you interested in?', description: 'Pick as many as you like.', showSelectAllItem: true, selectAllText: 'Select all', showNoneItem: true, noneText: 'None of these', colCount: 2, choices: [
          'Book clubs', 'Children\'s story time', 'Computer classes', 'Local history', 'Language cafés', 'E-books and audiobooks',
        ] },
        { type: 'boolean', name: 'newsletter', title: 'Send me the monthly events newsletter', labelTrue: 'Yes', labelFalse: 'No', defaultValue: false },
        { type: 'dropdown', name: 'newsletter_format', title: 'Newsletter format', visibleIf: '{newsletter} = true', choices: ['E-mail', 'Printed, to collect at my branch'], defaultValue: 'E-mail' },
      ],
    },
    {
      name: 'feedback',
      title: 'Before you finish',
      elements: [
        { type: 'rating', name: 'visits', title: 'How often do you visit a library now?', rateValues: [
          { value: 1, text: 'Never' }, { value: 2, text: 'Yearly' }, { value: 3, text: 'Monthly' }, { value: 4, text: 'Weekly' }, { value: 5, text: 'Daily' },
        ] },
        { type: 'comment', name: 'wishes', title: 'Is there anything you would like us to stock?', maxLength: 120, allowResize: false, placeholder: 'Books, films, magazines…' },
        { type: 'checkbox', name: 'consent', title: 'Terms of membership', isRequired: true, requiredErrorText: 'You must accept the terms to join.', choices: [{ value: 'yes', text: 'I accept the library\'s terms of membership' }] },
      ],
    },
  ],
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Library membership</title>
  <link rel="stylesheet" href="/survey-core/survey-core.fontless.min.css">
  <style> body { margin: 0; font-family: sans-serif; } </style>
</head>
<body>
  <div id="survey"></div>
  <script src="/survey-core/survey.core.min.js"></script>
  <script src="/survey-js-ui/survey-js-ui.min.js"></script>
  <script>
    const survey = new Survey.Model(${JSON.stringify(SURVEY)});
    survey.onComplete.add((s) => { window.submitted = s.data; });
    window.survey = survey;
    survey.render(document.getElementById('survey'));
    setTimeout(() => { document.body.dataset.loaded = 'yes'; }, 0);
  </script>
</body>
</html>
`;

export const SURVEYJS_FORM = SURVEY;
export const SURVEYJS_SITE = { 'index.html': PAGE };
